// The login form's schema on its own: the login page imports this module when someone starts
// typing (an import of the contract's index would bring every schema along).
export { loginRequest } from '@slotted/contract';
