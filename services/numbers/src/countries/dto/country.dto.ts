/** A country as the product shows it: `code` is the dialling code a number there starts with. */
export interface CountryDto {
  multiMFACountryId: number;
  name: string;
  code: string;
  isoCode: string;
}
