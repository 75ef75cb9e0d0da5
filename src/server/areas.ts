import type { FastifyInstance } from 'fastify';
import { MapResponse, PostList } from '../domain/posts';
import { bodyWriter } from './lib/serializer';
import { accessRoutes } from './modules/access/routes';
import { adminRoutes } from './modules/admin/routes';
import { createAdminService, promoteListedAdmins, promotionsLine, SUSPENSION_SWEEP_MS } from './modules/admin/service';
import { lapseBadge } from './modules/admin/verification-decisions';
import { createAccessService } from './modules/access/service';
import { accountRoutes, mailStopRoutes } from './modules/account/routes';
import { createAccountService } from './modules/account/service';
import { authRoutes, sessionRoutes, userRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { credentialRoutes } from './modules/auth/credential-routes';
import { createDeviceCookies } from './modules/auth/device-cookies';
import { createEmailChange } from './modules/auth/email-change';
import { createPasswords } from './modules/auth/passwords';
import { marketingRoutes } from './modules/marketing/routes';
import { createMarketingService } from './modules/marketing/service';
import { commentsRoutes } from './modules/comments/routes';
import { createCommentsService } from './modules/comments/service';
import { favoritesRoutes } from './modules/favorites/routes';
import { createFavoritesService } from './modules/favorites/service';
import { createMailService, createMailStopLinks } from './modules/mail/service';
import { membersRoutes } from './modules/members/routes';
import { createMembersService } from './modules/members/service';
import { messagesRoutes } from './modules/messages/routes';
import { createMessagesService, type MessagesService } from './modules/messages/service';
import { notificationsRoutes } from './modules/notifications/routes';
import { createNotificationsService } from './modules/notifications/service';
import { notificationsSocket } from './modules/notifications/socket';
import { mapRoutes } from './modules/posts/map/routes';
import { createMapService } from './modules/posts/map/service';
import { paymentsRoutes } from './modules/payments/routes';
import type { Providers } from './modules/payments/providers/index';
import { createPaymentsService } from './modules/payments/service';
import { webhookRoutes } from './modules/payments/webhooks';
import { builtInGeocoder } from './modules/places/built-in';
import { httpGeocoder } from './modules/places/geocoder';
import { placesRoutes } from './modules/places/routes';
import { createPlacesService } from './modules/places/service';
import { postsRoutes } from './modules/posts/routes';
import { createPostsService } from './modules/posts/service';
import { reportsRoutes } from './modules/reports/routes';
import { createReportsService } from './modules/reports/service';
import { statsRoutes } from './modules/stats/routes';
import { createStatsService } from './modules/stats/service';
import { referralsRoutes } from './modules/referrals/routes';
import { createReferralsService } from './modules/referrals/service';
import { verificationsRoutes } from './modules/verifications/routes';
import { createVerificationsService } from './modules/verifications/service';

/**
 * Every area's service, wired to the others (a module reaches another through its service), and
 * its routes. Services take an actor and import nothing from Fastify (docs/decisions/0070).
 */
export async function registerModules(
  app: FastifyInstance,
  serializerMode: 'check' | 'fast',
  providers: Providers,
): Promise<void> {
  const { config, db, events, rateLimiter: limiter } = app;

  const access = createAccessService({ db, events, limiter, ownerPasswordHash: config.OWNER_PASSWORD_HASH });
  app.decorate('access', access);
  await app.register(accessRoutes, { prefix: '/api', access });
  const mail = createMailService({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log, secret: config.SESSION_SECRET });
  const stopMail = mail.start();
  app.addHook('onClose', async () => stopMail());
  app.metrics.gauge({
    name: 'mail_outbox',
    help: 'Mail not sent yet: due now, waiting for a retry, given up',
    label: 'state',
    read: () => mail.depth(),
  });
  app.jobs.add({ name: 'outbox-sent-old', everyMs: 24 * 60 * 60_000, run: () => mail.sweepSent() });

  const posts = createPostsService({
    db,
    events,
    storage: app.storage,
    limiter,
    defaultOrigin: config.defaultOrigin,
    postingMode: config.POSTING_ACCESS,
    writers: {
      list: bodyWriter(serializerMode, PostList, { method: 'GET', url: '/api/posts' }),
      map: bodyWriter(serializerMode, MapResponse, { method: 'GET', url: '/api/posts/map' }),
    },
    log: app.log,
  });
  app.decorate('posts', posts);
  await app.register(postsRoutes, { prefix: '/api/posts', posts });
  await app.register(mapRoutes, { prefix: '/api/posts/map', map: createMapService({ posts }) });
  await app.register(favoritesRoutes, {
    prefix: '/api/favorites',
    favorites: createFavoritesService({ db, posts }),
  });
  app.adoptGuestWith(posts.adoptGuest);
  const places = createPlacesService({
    builtIn: builtInGeocoder({ origin: config.defaultOrigin, log: app.log }),
    geocoder: config.GEOCODER_URL ? httpGeocoder(config.GEOCODER_URL, userAgentOf(config.PUBLIC_URL)) : undefined,
    limiter,
    log: app.log,
  });
  await app.register(placesRoutes, { places });

  const referrals = createReferralsService({ db, access, posts, mail, limiter, log: app.log, publicUrl: config.PUBLIC_URL });
  posts.afterCreate((row) => referrals.onPostShared(row.userId));
  await app.register(referralsRoutes, { prefix: '/api/referrals', referrals });
  app.jobs.add({ name: 'referral-networks-old', everyMs: 24 * 60 * 60_000, run: () => referrals.forgetOldNetworks() });
  const devices = createDeviceCookies(config.SESSION_SECRET);
  const passwords = createPasswords({ db, events, mail, limiter, secret: config.SESSION_SECRET, devices, publicUrl: config.PUBLIC_URL });
  const auth = createAuthService({
    db,
    devices,
    access,
    limiter,
    postingMode: config.POSTING_ACCESS,
    instagramUrl: config.INSTAGRAM_URL,
    ownerAccess: access.ownerAccessEnabled,
    inviteByEmail: referrals.mailsInvitations,
    resetByEmail: passwords.resetsByMail,
    mailsMessages: mail.enabled,
    onRegistered: referrals.onRegistered,
  });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  await app.register(sessionRoutes, { prefix: '/api/session', auth });
  await app.register(userRoutes, { prefix: '/api/user', auth });
  const emails = createEmailChange({ db, events, mail, confirm: passwords.confirm, devices });
  await app.register(credentialRoutes, { prefix: '/api', auth, passwords, emails });
  app.jobs.add({ name: 'password-links-old', everyMs: 60 * 60_000, run: () => passwords.sweepExpired() });
  const stopLinks = createMailStopLinks(config.SESSION_SECRET);

  const payments = createPaymentsService({
    db,
    access,
    limiter,
    ...providers,
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY,
    postingMode: config.POSTING_ACCESS,
    onFirstPayment: referrals.onFirstPayment,
    log: app.log,
  });
  app.adoptGuestWith(payments.adoptGuest);
  await app.register(paymentsRoutes, { payments });
  await app.register(webhookRoutes, { prefix: '/api/webhooks', payments, ...providers });

  const notifications = createNotificationsService({ db, events });
  // Members and messages need each other (ratings open after messages; messages stop at blocks).
  const later: { messages?: MessagesService } = {};
  const members = createMembersService({
    db,
    events,
    limiter,
    posts,
    notifications,
    exchangedMessages: (a, b) => later.messages!.exchanged(a, b),
  });
  app.adoptGuestWith(members.adoptGuest);
  const messages = (later.messages = createMessagesService({
    db,
    limiter,
    posts,
    members,
    notifications,
    mail,
    publicUrl: config.PUBLIC_URL,
    stopLinks,
  }));
  const comments = createCommentsService({
    db,
    events,
    limiter,
    posts,
    notifications,
    blocked: members.blocked,
  });
  await app.register(membersRoutes, { members });
  const account = createAccountService({
    db,
    events,
    limiter,
    confirmPassword: passwords.confirm,
    removePostsOf: posts.removeAllOf,
    stopLinks,
    dropBadge: (tx, userId, renamed) => lapseBadge(members, tx, userId, renamed),
  });
  await app.register(accountRoutes, { prefix: '/api/user', account });
  await app.register(mailStopRoutes, { prefix: '/api/mail', account });
  await app.register(messagesRoutes, { prefix: '/api/messages', messages });
  await app.register(commentsRoutes, { comments });
  const reports = createReportsService({ db, limiter, posts, members, notifications });
  await app.register(reportsRoutes, { reports });
  await app.register(notificationsRoutes, { prefix: '/api/notifications', notifications });
  await app.register(notificationsSocket, { notifications });
  const stats = createStatsService({ db, posts, members, limiter, log: app.log });
  await app.register(statsRoutes, { stats });
  const marketing = createMarketingService({
    db,
    limiter,
    posts,
    stats,
    settings: { smtpUrl: config.SMTP_URL, instagramUrl: config.INSTAGRAM_URL },
  });
  app.jobs.add({
    name: 'campaign-visit-marks',
    everyMs: 6 * 60 * 60_000,
    run: () => marketing.sweepVisitMarks(),
  });
  await app.register(marketingRoutes, { marketing });

  const verifications = createVerificationsService({ db });
  await app.register(verificationsRoutes, { prefix: '/api/verification-requests', verifications });
  const admin = createAdminService({ db, posts, members, reports, verifications, notifications });
  app.decorate('admin', admin);
  await app.register(adminRoutes, { prefix: '/api/admin', admin });
  app.jobs.add({
    name: 'suspensions-ended',
    everyMs: SUSPENSION_SWEEP_MS,
    run: () => admin.sweepEndedSuspensions(),
  });
  // ADMIN_EMAILS makes admins of the accounts already registered, once as the app starts (after the
  // migrations, before it listens), never per request (docs/decisions/0110).
  if (config.ADMIN_EMAILS.length > 0) {
    app.addHook('onReady', async () => app.log.info(promotionsLine(await promoteListedAdmins({ db, pool: app.pool }, config.ADMIN_EMAILS))));
  }
}

/** How the app names itself to a geocoder, whose terms ask for it (Nominatim's usage policy). */
const userAgentOf = (publicUrl: string | undefined): string => `free-fruit-firewood-skids/1.0${publicUrl ? ` (+${publicUrl})` : ''}`;
