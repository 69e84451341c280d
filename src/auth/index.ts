/**
 * Who may do what: the staff guard, CSRF checks, the session cookie's name, admin accounts.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { ChecksCsrfFormField } from './http/csrf.js';
export { CsrfCheckedUpload } from './http/csrf-checked-upload.js';
export { hashPassword } from './infrastructure/password-hasher.js';
export { SESSION_COOKIE } from './http/session.config.js';
export { NOT_AUTHENTICATED, StaffGuard, currentUser, isStaff } from './http/staff.guard.js';
export { UsersRepository } from './infrastructure/users.repository.js';
