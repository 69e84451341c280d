/**
 * Who may do what: the staff guard, CSRF checks, the session cookie's name, admin accounts.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { ChecksCsrfFormField } from './csrf.js';
export { CsrfCheckedUpload } from './csrf-checked-upload.js';
export { hashPassword } from './password-hasher.js';
export { SESSION_COOKIE } from './session.config.js';
export { NOT_AUTHENTICATED, StaffGuard, currentUser, isStaff } from './staff.guard.js';
export { UsersRepository } from './users.repository.js';
