/**
 * Who may do what: the staff guard, CSRF checks, the session cookie's name, admin accounts.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { ChecksCsrfFormField, verifyCsrfFormField } from './csrf.js';
export { hashPassword } from './password-hasher.js';
export { SESSION_COOKIE } from './session.config.js';
export { NOT_AUTHENTICATED, StaffGuard, currentUser, isStaff } from './staff.guard.js';
export { UsersRepository } from './users.repository.js';
