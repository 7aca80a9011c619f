import express, { type Request, type Response, Router } from 'express';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { BruteForceGuard } from './brute-force';
import { loginPage } from './pages/login-page';
import { messagePage } from './pages/message-page';
import { updatePasswordPage } from './pages/update-password-page';
import { UPDATE_PASSWORD_PROMPT } from './provider';
import type { UserStore } from './user-store';

/** Keycloak's messages for the same mistakes. */
export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const PASSWORD_MISSING = 'Please specify password.';
export const PASSWORDS_DIFFER = "Passwords don't match.";

/**
 * A user name locked out by brute-force detection, for `seconds` more (shown in whole minutes).
 * Keycloak words its lockout as 'Account is temporarily disabled'; here any name can be locked,
 * existing or not, so the message speaks of sign-ins, not of an account.
 */
export function temporarilyLocked(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1
    ? 'Too many failed sign-ins. Try again in 1 minute.'
    : `Too many failed sign-ins. Try again in ${minutes} minutes.`;
}

const LoginFormSchema = z.object({
  username: z.string().max(255).default(''),
  password: z.string().max(1024).default(''),
});

const UpdatePasswordFormSchema = z.object({
  'password-new': z.string().max(1024).default(''),
  'password-confirm': z.string().max(1024).default(''),
  action: z.enum(['update', 'cancel']).default('update'),
});

const UidSchema = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });

const forms = express.urlencoded({ extended: false, limit: '16kb' });

function sendPage(res: Response, body: string, status = 200): void {
  res.status(status).set('Cache-Control', 'no-store').type('html').send(body);
}

/**
 * The pages oidc-provider leaves to its host: sign-in (Keycloak's form) and the update-password
 * action, at `{realm}/login-actions/{uid}`. Each POST checks it answers the interaction the
 * browser's cookie names and the step that interaction is at. Sign-in goes through the realm's
 * brute-force detection (`guard`): a locked-out name is refused whatever its password.
 */
export function interactionRoutes(
  provider: Provider,
  users: UserStore,
  guard: BruteForceGuard,
  logger: Logger,
): Router {
  const router = Router();

  /** The interaction the browser's cookie names, when it is the one the path names; a malformed uid names none. */
  async function currentInteraction(req: Request) {
    const params = UidSchema.safeParse(req.params);
    if (!params.success) return undefined;
    const interaction = await provider.interactionDetails(req, req.res!);
    return interaction.uid === params.data.uid ? interaction : undefined;
  }

  const base = (req: Request, uid: string) => `${req.baseUrl}/login-actions/${uid}`;

  router.get('/login-actions/:uid', async (req, res) => {
    const interaction = await currentInteraction(req);
    if (!interaction) return sendPage(res, expiredPage(), 400);
    if (interaction.prompt.name === UPDATE_PASSWORD_PROMPT) {
      const user = users.findById(interaction.session?.accountId ?? '');
      return sendPage(
        res,
        updatePasswordPage({ action: `${base(req, interaction.uid)}/update-password`, username: user?.username ?? '' }),
      );
    }
    const hint = interaction.params['login_hint'];
    return sendPage(
      res,
      loginPage({ action: `${base(req, interaction.uid)}/login`, username: typeof hint === 'string' ? hint : '' }),
    );
  });

  router.post('/login-actions/:uid/login', forms, async (req, res) => {
    const interaction = await currentInteraction(req);
    if (!interaction) return sendPage(res, expiredPage(), 400);
    if (interaction.prompt.name !== 'login') return res.redirect(303, base(req, interaction.uid));
    const form = LoginFormSchema.safeParse(req.body ?? {});
    const { username, password } = form.success ? form.data : { username: '', password: '' };
    const action = `${base(req, interaction.uid)}/login`;
    const lockedFor = guard.lockedFor(username);
    if (lockedFor > 0) {
      logger.info({ username: username.slice(0, 64), lockedFor }, 'sign-in refused: temporarily locked out');
      return sendPage(res, loginPage({ action, username, error: temporarilyLocked(lockedFor) }));
    }
    const user = users.authenticate(username, password);
    if (!user) {
      guard.failed(username);
      logger.info({ username: username.slice(0, 64) }, 'sign-in refused: invalid username or password');
      return sendPage(res, loginPage({ action, username, error: INVALID_CREDENTIALS }));
    }
    guard.succeeded(username);
    logger.info({ username: user.username }, 'signed in');
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
  });

  router.post('/login-actions/:uid/update-password', forms, async (req, res) => {
    const interaction = await currentInteraction(req);
    if (!interaction) return sendPage(res, expiredPage(), 400);
    const user = users.findById(interaction.session?.accountId ?? '');
    if (interaction.prompt.name !== UPDATE_PASSWORD_PROMPT || !user) {
      return res.redirect(303, base(req, interaction.uid));
    }
    const form = UpdatePasswordFormSchema.safeParse(req.body ?? {});
    const action = `${base(req, interaction.uid)}/update-password`;
    if (!form.success)
      return sendPage(res, updatePasswordPage({ action, username: user.username, error: PASSWORD_MISSING }));
    const { 'password-new': password, 'password-confirm': confirmation } = form.data;
    if (form.data.action === 'update') {
      const error = password === '' ? PASSWORD_MISSING : password !== confirmation ? PASSWORDS_DIFFER : undefined;
      if (error) return sendPage(res, updatePasswordPage({ action, username: user.username, error }));
      users.setPassword(user.id, password);
      logger.info({ username: user.username }, 'password updated');
    }
    return provider.interactionFinished(
      req,
      res,
      { [UPDATE_PASSWORD_PROMPT]: { status: form.data.action === 'update' ? 'success' : 'cancelled' } },
      { mergeWithLastSubmission: false },
    );
  });

  return router;
}

/** When the interaction cookie is gone or names another sign-in (an old tab, an expired hour). */
export function expiredPage(): string {
  return messagePage(
    'Sign-in expired',
    'This sign-in page is no longer valid. Go back to the application and sign in again.',
  );
}
