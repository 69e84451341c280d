import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { hashPassword } from '../auth/infrastructure/password-hasher.js';
import { UsersRepository } from '../auth/infrastructure/users.repository.js';
import { loadConfig } from '../config/app-config.js';
import { openDataSource } from '../database/database.module.js';

const USAGE = `Usage:
  npm run admin -- set-password NAME   create the admin NAME or give it a new password
                                       (asks for the password; or reads it from ADMIN_PASSWORD,
                                       or from standard input when that is not a terminal)
  npm run admin -- list                list admin users`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const ask = (q: string) => new Promise<string>((resolve) => rl.question(q, resolve));
  try {
    const first = await ask('New password: ');
    if (process.stdin.isTTY && (await ask('Repeat it: ')) !== first) throw new Error('The passwords differ');
    return first;
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'set-password' && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  const db = await openDataSource(loadConfig());
  try {
    if (command === 'list') {
      const rows: Array<{ username: string; created_at: Date }> = await db.query(`SELECT username, created_at FROM users ORDER BY id`);
      for (const row of rows) console.log(`${row.username}\t(created ${new Date(row.created_at).toISOString()})`);
      return 0;
    }
    if (!name || !name.trim() || name.length > 150) {
      console.error('Give the admin name: npm run admin -- set-password NAME');
      return 2;
    }
    const password = await readPassword();
    if (password.length < 8) {
      console.error('The password must be at least 8 characters long.');
      return 2;
    }
    const { created } = await new UsersRepository(db).upsert(name, await hashPassword(password));
    console.log(created ? `Created admin "${name}".` : `Password of "${name}" changed; its sessions have been signed out.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
