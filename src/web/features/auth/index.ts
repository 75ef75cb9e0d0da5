/** The auth feature's public entry: what screens and other features may use of it. */
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { ChangePasswordCard } from './components/change-password-card';
export { ForgotPasswordForm, ResetPasswordForm } from './components/password-forms';
