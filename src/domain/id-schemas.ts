import { z } from 'zod';
import { isUuid } from './ids';

/** A uuid as PostgreSQL prints it, lower case: ids compared in the app (yourself, the owner) then match the database's. */
const lowerUuid = (value: string) => (isUuid(value) ? value.toLowerCase() : value);

/** A post or member id in a path: any text (an unknown one is a 404 in its service), a uuid in lower case. */
export const pathId = z.string().transform(lowerUuid);
export const IdParams = z.object({ id: pathId });

/** A uuid field of a body or query, refused with `message` when it is not one, in lower case. */
export const uuidField = (message: string) => z.uuid(message).transform(lowerUuid);
