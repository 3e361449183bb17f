/** Bodies of the SMS sign-in calls (spec 2 §7 'Login', spec 1 §5). */
import { z } from 'zod';
import { countryCodeSchema, phoneSchema, smsCodeSchema } from '../../../common/validation.js';

export const requestCodeBody = z.object({
  country_code: countryCodeSchema,
  mobile_number: phoneSchema,
});

export const signInBody = z.object({
  country_code: countryCodeSchema,
  mobile_number: phoneSchema,
  sms_code: smsCodeSchema,
});
