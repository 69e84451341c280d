import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import passport from 'passport';
import { SignIn } from '../application/sign-in.js';
import type { AdminUser } from '../domain/admin-user.js';

type PassportInternals = { _serializers: unknown[]; _deserializers: unknown[] };

/** The session keeps only the user id; the user is read fresh, so a removed admin loses access at once. */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnModuleDestroy {
  private readonly registered: unknown[];

  constructor(private readonly signIn: SignIn) {
    super();
    // PassportSerializer registers on passport's process-wide instance; remember our entries so a
    // closed application (tests start several in one process) does not stay in the chain.
    const internals = passport as unknown as PassportInternals;
    this.registered = [internals._serializers.at(-1), internals._deserializers.at(-1)];
  }

  onModuleDestroy(): void {
    const internals = passport as unknown as PassportInternals;
    internals._serializers = internals._serializers.filter((f) => !this.registered.includes(f));
    internals._deserializers = internals._deserializers.filter((f) => !this.registered.includes(f));
  }

  serializeUser(user: AdminUser, done: (err: unknown, id?: string) => void): void {
    done(null, String(user.id));
  }

  deserializeUser(id: string, done: (err: unknown, user?: AdminUser | false) => void): void {
    this.signIn.userOfSession(Number(id)).then((user) => done(null, user ?? false), done);
  }
}
