import type { CheckoutAddressField } from '../../../core/checkout-address.ts';

/** Every field the address forms (profile, checkout) render with this component. */
export type AddressFieldName = CheckoutAddressField | 'companyName' | 'companyOib' | 'memberCardBarcode';

const fieldTypes: Partial<
  Record<AddressFieldName, { type: string; autoComplete: string; inputMode?: 'numeric' | 'tel' }>
> = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  contactEmail: { type: 'email', autoComplete: 'email' },
  contactPhone: { type: 'tel', autoComplete: 'tel' },
  city: { type: 'text', autoComplete: 'address-level2' },
  street: { type: 'text', autoComplete: 'address-line1' },
  houseNumber: { type: 'text', autoComplete: 'address-line2' },
  zipCode: { type: 'text', autoComplete: 'postal-code' },
  companyName: { type: 'text', autoComplete: 'organization' },
  companyOib: { type: 'text', autoComplete: 'off', inputMode: 'numeric' },
  memberCardBarcode: { type: 'text', autoComplete: 'off', inputMode: 'numeric' },
};

export const addressInputClass = (error: boolean) =>
  `mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 ${error ? 'border-red-700' : 'border-slate-400'}`;

/**
 * One labelled address field (the country as a select, the rest as inputs with their type, autocomplete
 * token, input mode and maximum length) with its error message. Shared by the profile's address form
 * and the checkout's address step; the differences are props.
 */
export function AddressField({
  field,
  id,
  name,
  label,
  defaultValue,
  error,
  errorTestId,
  countries,
  autoCompleteSection,
  maxLength,
  required,
}: {
  field: AddressFieldName;
  id: string;
  name: string;
  /** The translated label. */
  label: string;
  defaultValue: string;
  /** The translated error message, if the field is invalid; shown under it as `${id}-error`. */
  error?: string;
  errorTestId: string;
  /** The options of the country select (only for `country`). */
  countries?: { iso: string; name: string }[];
  /** Autocomplete section prefix (e.g. `section-delivery shipping`); the country gets a token only with it. */
  autoCompleteSection?: string;
  maxLength?: number;
  required?: boolean;
}) {
  const errorId = `${id}-error`;
  const invalid = error !== undefined;
  const common = {
    id,
    name,
    required: required || undefined,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? errorId : undefined,
    className: addressInputClass(invalid),
  } as const;
  const token = field === 'country' ? 'country' : fieldTypes[field]?.autoComplete;
  const autoComplete = autoCompleteSection
    ? `${autoCompleteSection} ${token}`
    : field === 'country'
      ? undefined
      : token;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {field === 'country' ? (
        <select {...common} defaultValue={defaultValue} autoComplete={autoComplete}>
          {(countries ?? []).map((country) => (
            <option key={country.iso} value={country.iso}>
              {country.name}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={fieldTypes[field]?.type ?? 'text'}
          autoComplete={autoComplete}
          inputMode={fieldTypes[field]?.inputMode}
          defaultValue={defaultValue}
          maxLength={maxLength}
        />
      )}
      {invalid ? (
        <p id={errorId} className="mt-1 text-sm text-red-700" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The company block of an address form: the "buying as a company" checkbox and the company name and
 * OIB as two AddressFields (same markup, aria-invalid and aria-describedby on an error). Shared by the
 * profile's address form and the checkout's address step.
 */
export function CompanyFields({
  idPrefix,
  checkboxLabel,
  label,
  isCompany,
  values,
  error,
  errorTestId,
  oibMaxLength,
  companyNameMaxLength,
  fieldsClassName,
}: {
  /** `profile` or `checkout`: ids are `${idPrefix}-isCompany`, `${idPrefix}-companyName`, … */
  idPrefix: string;
  /** The translated label of the checkbox. */
  checkboxLabel: string;
  /** The translated label of a field. */
  label: (field: 'companyName' | 'companyOib') => string;
  isCompany: boolean;
  values: { companyName: string; companyOib: string };
  /** The translated error of a field, if any. */
  error: (field: 'companyName' | 'companyOib') => string | undefined;
  errorTestId: (field: 'companyName' | 'companyOib') => string;
  oibMaxLength: number;
  companyNameMaxLength: number;
  /**
   * Classes of the fields' grid: the checkout hides it until the box is ticked with a literal
   * `group-has-[#checkout-isCompany:checked]/company:grid` (CSS only, no script).
   */
  fieldsClassName: string;
}) {
  const checkboxId = `${idPrefix}-isCompany`;
  return (
    <div className="group/company mt-6 rounded-md border border-slate-200 p-4">
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          name="isCompany"
          type="checkbox"
          defaultChecked={isCompany}
          className="h-4 w-4 accent-teal-700"
        />
        <label htmlFor={checkboxId} className="text-slate-800">
          {checkboxLabel}
        </label>
      </div>
      <div className={fieldsClassName}>
        {(['companyName', 'companyOib'] as const).map((field) => (
          <AddressField
            key={field}
            field={field}
            id={`${idPrefix}-${field}`}
            name={field}
            label={label(field)}
            defaultValue={values[field]}
            error={error(field)}
            errorTestId={errorTestId(field)}
            maxLength={field === 'companyOib' ? oibMaxLength : companyNameMaxLength}
          />
        ))}
      </div>
    </div>
  );
}
