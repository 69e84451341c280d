import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { UsersRepository, type AdminUser } from './users.repository.js';

/** The session keeps only the user id; the user is read fresh, so a removed admin loses access at once. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersRepository) {
    super();
  }

  serializeUser(user: AdminUser, done: (err: unknown, id?: string) => void): void {
    done(null, String(user.id));
  }

  deserializeUser(id: string, done: (err: unknown, user?: AdminUser | false) => void): void {
    this.users.findById(Number(id)).then((user) => done(null, user ?? false), done);
  }
}
