import type { ReactNode } from 'react';
import { DocumentTitle } from '../../components/layout/page';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';

interface AuthScreenProps {
  documentTitle: string;
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card that frames the sign-in and registration forms. */
export function AuthScreen({ documentTitle, title, description, children, footer }: AuthScreenProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <DocumentTitle title={documentTitle} />
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        <CardFooter className="grid gap-2 text-sm text-muted-foreground">{footer}</CardFooter>
      </Card>
    </div>
  );
}

/** A link target that keeps the `redirect` parameter, so switching forms still returns the user there. */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?${new URLSearchParams({ redirect })}` : path;
}
