import type { CustomerReply } from '../../../contracts/orders';
import type { CustomerRow } from './customers.queries';

export function presentCustomer(row: CustomerRow): CustomerReply {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    user_type: row.userType === 'company' ? 'company' : 'individual',
    company_name: row.companyName,
    company_registration_number: row.companyRegistrationNumber,
    vat_number: row.vatNumber,
    roles: row.roles,
    address: row.address,
  };
}
