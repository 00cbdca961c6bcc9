/**
 * A Croatian delivery address that every checkout setting of the demo site accepts (integration tests
 * and the Lighthouse bench's checkout carts).
 */
export const CHECKOUT_ADDRESS = {
  type: 'shipping',
  firstName: 'Marta',
  lastName: 'Kovač',
  contactEmail: 'Marta@Example.com',
  contactPhone: '+385 91 234 5678',
  country: 'HR',
  city: 'Zagreb',
  street: 'Ilica',
  houseNumber: '10',
  zipCode: '10000',
} as const;
