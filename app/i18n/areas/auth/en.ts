import type { Widen } from '../../widen.ts';
import type { authHr } from './hr.ts';

export const authEn: Widen<typeof authHr> = {
  home: 'Home',
  email: 'E-mail',
  password: 'Password',
  showPasswords: 'Show passwords',
  showPassword: 'Show password',
  required: 'required',
  login: {
    title: 'Log in',
    intro: 'Log in with your e-mail address and password.',
    submit: 'Log in',
    forgot: 'Forgot your password?',
    noAccount: 'No account yet?',
    register: 'Register',
  },
  register: {
    title: 'Register',
    intro: 'Create an account to follow your orders and check out faster.',
    firstName: 'First name',
    lastName: 'Last name',
    confirmedPassword: 'Repeat the password',
    passwordHint:
      'At least 8 characters with a lowercase and an uppercase letter, a digit and a special character.',
    consents: 'Consents',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    login: 'Log in',
  },
  forgot: {
    title: 'Forgot password',
    intro: "Enter your account's e-mail address and we will send you a link to set a new password.",
    submit: 'Send link',
    back: 'Back to login',
    sent: 'If an account with that address exists, we have sent it a link to set a new password. Check your e-mail.',
    resetTitle: 'New password',
    resetIntro: 'Enter your new password twice.',
    newPassword: 'New password',
    newPasswordAgain: 'Repeat the new password',
    resetSubmit: 'Save password',
  },
  account: {
    greeting: 'Logged in as {{name}}',
    logout: 'Log out',
    login: 'Log in',
  },
  notices: {
    cartEnded: 'The cart could not be updated. Please start a new purchase.',
    loggedOut: 'You have been logged out.',
    loggedIn: 'You are logged in.',
    registered: 'Your account has been created. We have sent you a message to confirm your e-mail address.',
    registeredNoMail: 'Your account has been created, but the confirmation message cannot be sent right now.',
    passwordReset: 'Your password has been changed. Log in with the new password.',
  },
  social: {
    title: 'Social Login',
    or: 'or',
    continueWith: 'Continue with {{provider}}',
    working: 'Logging you in…',
    cancelled: 'The login was cancelled. You can try again or log in with your password.',
    backToLogin: 'Back to login',
    errors: {
      notConfigured: 'This login provider is not available.',
      invalidState:
        'This login link is not valid any more (it expired, was used, or the login was started in another browser). Try again.',
      refused: 'The login provider did not confirm the login. Try again.',
      noEmail: 'The login provider did not share an e-mail address, which an account needs.',
      unverifiedEmail:
        'An account with this e-mail address exists, and the provider has not confirmed the address. Log in with your password.',
      unavailable: 'The login provider cannot be reached right now. Try again shortly.',
    },
  },
  errors: {
    required: 'This field is required.',
    email: 'Enter a valid e-mail address.',
    passwordRule:
      'The password needs at least 8 characters with a lowercase and an uppercase letter, a digit and a special character.',
    passwordsDiffer: 'The passwords do not match.',
    commonPassword:
      'This password is too common (it appears in lists of breached passwords). Choose another.',
    userExists: 'A user with this e-mail address already exists.',
    unknownUser: 'Wrong username or password.',
    incorrectOldPassword: 'The old password is not correct.',
    consentRequired: 'Please accept the required consents.',
    captcha: 'The check that you are not a robot failed. Please try again.',
    tooManyAttempts: 'Too many failed attempts. Try again in {{minutes}} min.',
    invalidToken: 'This link is not valid or has expired. Ask for a new one.',
    failed: 'Something went wrong, please try again.',
    summary: 'Please check the marked fields.',
  },
};
