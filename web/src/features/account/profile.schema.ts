import { updateUserBody } from '@multimfa/api-contract';

/** The profile form: the call's fields except the id, which comes from the session. */
export const profileFormSchema = updateUserBody.pick({ firstName: true, lastName: true, mobileNo: true });
