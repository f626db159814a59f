import { STORAGE_KEYS } from '@nhasach/shared';
import { sessionStore } from '../../lib/sessionStore.ts';

/**
 * Data a multi-step auth flow carries between pages. It travels in router state and is mirrored in this tab's
 * sessionStorage so that a reload of /verify-email or /dat-lai-mat-khau keeps working.
 */
export interface RegistrationData {
  email: string;
  password: string;
  username: string;
  fullName?: string;
  phone?: string;
  /** When another OTP may be requested (epoch ms). */
  resendAvailableAt?: number;
}

export interface ResetData {
  email: string;
  otp: string;
}

const RESET_KEY = 'auth.reset';

export const registrationStore = {
  load: () => sessionStore.getJson<RegistrationData>(STORAGE_KEYS.registerData),
  save: (data: RegistrationData) => sessionStore.setJson(STORAGE_KEYS.registerData, data),
  clear: () => sessionStore.remove(STORAGE_KEYS.registerData),
};

export const resetStore = {
  load: () => sessionStore.getJson<ResetData>(RESET_KEY),
  save: (data: ResetData) => sessionStore.setJson(RESET_KEY, data),
  clear: () => sessionStore.remove(RESET_KEY),
};
