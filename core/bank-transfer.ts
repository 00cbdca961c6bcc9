import { z } from 'zod';
import { isValidIban } from './hub3.ts';

/** The site option with the shop's bank account for bank transfers (payee of the HUB-3 barcode). */
export const BANK_TRANSFER_OPTION = 'BankTransfer';

export const bankTransferOptionSchema = z.object({
  /** The shop's Croatian IBAN. */
  iban: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => /^HR\d{19}$/.test(value) && isValidIban(value), 'must be a Croatian IBAN'),
  name: z.string().trim().min(1).max(100),
  street: z.string().trim().max(100).default(''),
  city: z.string().trim().max(100).default(''),
  /** ISO 20022 purpose code (default OTHR). */
  purposeCode: z
    .string()
    .regex(/^[A-Z]{4}$/)
    .default('OTHR'),
});
export type BankTransferOption = z.output<typeof bankTransferOptionSchema>;
