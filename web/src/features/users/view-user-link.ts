/**
 * A user's invoices (/view-user/{id}). The screen takes the user from the navigation state
 * (`ViewUserState` in ./schemas): the upstream has no call that reads one user.
 */
export const viewUserPath = (userId: number) => `/view-user/${userId}`;
