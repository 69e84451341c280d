/**
 * Who may do what: the staff guard, CSRF checks, the session cookie's name, the auth modules.
 * Other modules import from here only (checked by dependency-cruiser).
 */
export { AuthHttpModule } from './auth-http.module.js';
export { ChecksCsrfFormField } from './http/csrf.js';
export { CsrfCheckedUpload } from './http/csrf-checked-upload.js';
export { SESSION_COOKIE } from './http/session.config.js';
export { NOT_AUTHENTICATED, StaffGuard, currentUser, isStaff } from './http/staff.guard.js';
