import type { CountryList, CouponType, PaymentType } from '../../../modules/checkout/checkout.schema.ts';
import type { Localized } from './categories.ts';

/** Demo delivery and payment methods, coupons, price rules and member cards. Amounts in euro cents. */

export type DeliveryMethodSeed = {
  methodCode: number;
  name: Localized;
  description: Localized;
  price: number;
  freeOver?: number;
  isDigital?: boolean;
  countries: CountryList;
  branches?: { name: string; address: string }[];
};

export const deliveryMethodSeeds: DeliveryMethodSeed[] = [
  {
    methodCode: 10,
    name: { hr: 'Standardna dostava (GLS)', en: 'Standard delivery (GLS)' },
    description: {
      hr: 'Dostava na adresu u 2 do 4 radna dana. Besplatno za narudžbe iznad 50 €.',
      en: 'Delivery to your address in 2 to 4 working days. Free for orders over €50.',
    },
    price: 450,
    freeOver: 5000,
    countries: ['HR', 'SI', 'AT', 'DE', 'IT', 'HU', 'BA', 'RS', 'ME'],
  },
  {
    methodCode: 11,
    name: { hr: 'Brza dostava', en: 'Express delivery' },
    description: {
      hr: 'Narudžbe zaprimljene do 12 sati dostavljamo sljedeći radni dan.',
      en: 'Orders received by noon are delivered on the next working day.',
    },
    price: 990,
    countries: ['HR'],
  },
  {
    methodCode: 15,
    name: { hr: 'Osobno preuzimanje u poslovnici', en: 'Pickup at a branch' },
    description: {
      hr: 'Preuzmite narudžbu u jednoj od naših poslovnica; javit ćemo vam kad bude spremna.',
      en: 'Collect your order at one of our branches; we will let you know when it is ready.',
    },
    price: 0,
    countries: ['HR'],
    branches: [
      { name: 'Učionica Zagreb', address: 'Ilica 42, 10000 Zagreb' },
      { name: 'Učionica Split', address: 'Marmontova 5, 21000 Split' },
      { name: 'Učionica Rijeka', address: 'Korzo 18, 51000 Rijeka' },
    ],
  },
  {
    methodCode: 20,
    name: { hr: 'Digitalna dostava', en: 'Digital delivery' },
    description: {
      hr: 'Poveznica, kod ili QR kod stižu e-poštom odmah nakon plaćanja.',
      en: 'The link, code or QR code arrives by e-mail right after payment.',
    },
    price: 0,
    isDigital: true,
    countries: 'ALL',
  },
];

export type PaymentMethodSeed = {
  methodCode: number;
  paymentType: PaymentType;
  provider: string;
  name: Localized;
  description: Localized;
};

export const paymentMethodSeeds: PaymentMethodSeed[] = [
  {
    methodCode: 1,
    paymentType: 'HPF',
    provider: 'sandbox',
    name: { hr: 'Kartično plaćanje', en: 'Card payment' },
    description: {
      hr: 'Visa, Mastercard i Maestro. Podatke o kartici upisujete na sigurnoj stranici banke.',
      en: 'Visa, Mastercard and Maestro. You enter your card details on the bank’s secure page.',
    },
  },
  {
    methodCode: 2,
    paymentType: 'cod',
    provider: 'offline',
    name: { hr: 'Plaćanje pouzećem', en: 'Cash on delivery' },
    description: {
      hr: 'Platite gotovinom ili karticom dostavljaču pri preuzimanju paketa.',
      en: 'Pay the courier in cash or by card when the parcel arrives.',
    },
  },
  {
    methodCode: 3,
    paymentType: 'bank_transfer',
    provider: 'offline',
    name: { hr: 'Uplata na račun', en: 'Bank transfer' },
    description: {
      hr: 'Podatke za uplatu dobit ćete e-poštom; narudžbu šaljemo kad uplata stigne.',
      en: 'You will receive the payment details by e-mail; we ship once the payment arrives.',
    },
  },
  {
    methodCode: 4,
    paymentType: 'button',
    provider: 'sandbox',
    name: { hr: 'PayPal', en: 'PayPal' },
    description: {
      hr: 'Plaćanje putem PayPal računa.',
      en: 'Pay with your PayPal account.',
    },
  },
];

export type CouponSeed = {
  code: string;
  type: CouponType;
  value: number;
  minOrderTotal?: number;
  validFrom?: string;
  validTo?: string;
  usageLimit?: number;
  usedCount?: number;
  isActive?: boolean;
};

// Fixed dates keep the seed deterministic; the active ones run far into the future.
export const couponSeeds: CouponSeed[] = [
  { code: 'DOBRODOSLI10', type: 'percent', value: 1000, validFrom: '2025-01-01T00:00:00Z' },
  { code: 'BESPLATNADOSTAVA', type: 'free_delivery', value: 0, minOrderTotal: 2000 },
  {
    code: 'LJETO2024',
    type: 'percent',
    value: 1500,
    validFrom: '2024-06-01T00:00:00Z',
    validTo: '2024-08-31T23:59:59Z',
    usedCount: 37,
  },
  { code: 'POPUST5', type: 'fixed', value: 500, minOrderTotal: 3000, usageLimit: 500, usedCount: 12 },
  { code: 'STARIKOD', type: 'percent', value: 2000, isActive: false },
];

export type DiscountSeed = {
  name: string;
  percentBp: number;
  categoryKeys: string[];
  productSkus: string[];
  validFrom?: string;
  validTo?: string;
  isActive?: boolean;
};

export const discountSeeds: DiscountSeed[] = [
  {
    name: 'Tjedan društvenih igara: 15 % na društvene igre',
    percentBp: 1500,
    categoryKeys: ['drustvene-igre'],
    productSkus: [],
    validFrom: '2025-01-01T00:00:00Z',
    validTo: '2035-12-31T23:59:59Z',
  },
  {
    name: 'Zimska akcija e-knjiga (završena)',
    percentBp: 2000,
    categoryKeys: [],
    productSkus: ['EK-002', 'EK-004'],
    validFrom: '2024-12-01T00:00:00Z',
    validTo: '2025-01-31T23:59:59Z',
  },
];

/** First 12 digits of each card; the seed appends the EAN-13 check digit. 385 is Croatia's GS1 prefix. */
export const memberCardSeeds: {
  first12: string;
  holderName: string;
  isActive?: boolean;
  validTo?: string;
}[] = [
  { first12: '385123400001', holderName: 'Ivan Kupac' },
  { first12: '385123400002', holderName: 'Marija Horvat' },
  { first12: '385123400003', holderName: 'Petra Kovačević' },
  { first12: '385123400004', holderName: 'Luka Babić' },
  { first12: '385123400005', holderName: 'Ana Marić' },
  { first12: '385123400006', holderName: 'Josip Novak' },
  { first12: '385123400007', holderName: 'Maja Jurić' },
  { first12: '385123400008', holderName: 'Tomislav Knežević', validTo: '2035-12-31T23:59:59Z' },
  { first12: '385123400009', holderName: 'Ivana Vuković', validTo: '2035-12-31T23:59:59Z' },
  { first12: '385123400010', holderName: 'Marko Perić', isActive: false },
];
