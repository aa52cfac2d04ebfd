import { CreateCountries1763800000000 } from './1763800000000-create-countries.js';

/** Every migration of the numbers database, oldest first. */
export const migrations = [CreateCountries1763800000000];
