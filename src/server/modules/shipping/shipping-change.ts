import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import { withUniqueFieldsOf } from '../../platform/db/database-errors';

/** The unique indexes of the shipping tables, and the field and words each one answers with. */
const UNIQUE_INDEXES: Record<string, [field: string, message: string]> = {
  countries_code_unique: ['code', M.codeTaken],
  countries_name_unique: ['name', M.countryNameTaken],
  states_country_name_unique: ['name', M.stateNameTaken],
  cities_state_name_unique: ['name', M.cityNameTaken],
  shipping_methods_name_unique: ['name', M.methodNameTaken],
};

/** Runs a change whose names must be unique (withUniqueFieldsOf). */
export const withUniqueFields = withUniqueFieldsOf(UNIQUE_INDEXES);
