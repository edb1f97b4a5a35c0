import * as z from 'zod/mini';

/**
 * What the upstream offers beyond the original API's call list. The original application names
 * no path for the signed-in user, and no registration or password-reset request call; whether
 * prices can be read per day and whether a group may be emptied are not said either. Each is a
 * deployment parameter of the functions (defaults: what the reference API offers), served to the
 * web at `GET /api/capabilities`, so there is one place to set them.
 */
export const capabilitiesSchema = z.object({
  /** The call that answers the signed-in user, or null when the upstream has none. */
  currentUser: z.nullable(
    z.object({
      /** Below the API's base URL, e.g. `/me` or `/user`. */
      path: z.string(),
      /** The reply is the envelope `{metadata, payload: user}`; otherwise the bare user. */
      envelope: z.boolean(),
    }),
  ),
  /** `POST /register` exists: the registration screen is offered. */
  registration: z.boolean(),
  /** `POST /password/email` exists: the "forgot password" request screen is offered. */
  passwordRequest: z.boolean(),
  /** The query parameter that picks the day of a price read (`date`), or null: latest only. */
  priceDayParam: z.nullable(z.string()),
  /** assign-users with no `user_ids` empties a group; otherwise a group keeps one member. */
  emptyGroup: z.boolean(),
});

export type Capabilities = z.infer<typeof capabilitiesSchema>;

/** The parameters' raw values, as `functions/.env.*` sets them. */
export interface CapabilityParams {
  UPSTREAM_CURRENT_USER_PATH: string;
  UPSTREAM_CURRENT_USER_ENVELOPE: boolean;
  UPSTREAM_REGISTRATION: boolean;
  UPSTREAM_PASSWORD_REQUEST: boolean;
  UPSTREAM_PRICE_DAY_PARAM: string;
  UPSTREAM_EMPTY_GROUP: boolean;
}

/** The word that turns a path or parameter name off. */
export const NONE = 'none';

/** A path or name parameter: `none` (or nothing) is no such call. */
const named = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toLowerCase() === NONE ? null : trimmed;
};

/** The capabilities the parameters describe; an invalid path is an Error naming the parameter. */
export function capabilitiesFrom(params: CapabilityParams): Capabilities {
  const path = named(params.UPSTREAM_CURRENT_USER_PATH);
  if (path !== null && !/^\/[\w\-./]*$/.test(path)) {
    throw new Error(
      `UPSTREAM_CURRENT_USER_PATH must be a path below the API's base URL, such as /me or /user, or ${NONE}: got ${JSON.stringify(path)}`,
    );
  }
  const day = named(params.UPSTREAM_PRICE_DAY_PARAM);
  if (day !== null && !/^[\w\-[\]]+$/.test(day)) {
    throw new Error(
      `UPSTREAM_PRICE_DAY_PARAM must be a query parameter name, such as date, or ${NONE}: got ${JSON.stringify(day)}`,
    );
  }
  return {
    currentUser: path === null ? null : { path, envelope: params.UPSTREAM_CURRENT_USER_ENVELOPE },
    registration: params.UPSTREAM_REGISTRATION,
    passwordRequest: params.UPSTREAM_PASSWORD_REQUEST,
    priceDayParam: day,
    emptyGroup: params.UPSTREAM_EMPTY_GROUP,
  };
}

/** Today's behaviour: what the reference API offers. */
export const DEFAULT_CAPABILITY_PARAMS: CapabilityParams = {
  UPSTREAM_CURRENT_USER_PATH: '/me',
  UPSTREAM_CURRENT_USER_ENVELOPE: true,
  UPSTREAM_REGISTRATION: true,
  UPSTREAM_PASSWORD_REQUEST: true,
  UPSTREAM_PRICE_DAY_PARAM: 'date',
  UPSTREAM_EMPTY_GROUP: true,
};

export const DEFAULT_CAPABILITIES: Capabilities = capabilitiesFrom(DEFAULT_CAPABILITY_PARAMS);
