/**
 * Where a request names its application: the `applicationOf` finders of
 * `managerAccess` for the usual places. Each reads the part it needs with its own small schema (the
 * access check runs before the route's own validation, so that a caller without the right learns
 * nothing from the 400s), and answers 404 应用不存在 when there is no such application. Finders of
 * one resource (the application of a notice, of a link, …) live beside that resource's service.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { getApplication } from '../applications/service.js';
import { applicationRef, recordId } from '../http/fields.js';
import { MSG } from '../../common/messages.js';
import { parse } from '../http/parse.js';
import type { ApplicationOf } from './access.js';

const inBody = z.object({ applicationId: applicationRef });
const inParams = z.object({ id: recordId(MSG.applicationNotFound) });

/** The existing application whose id `read` takes from the request. */
const existing =
  (read: (req: FastifyRequest) => number): ApplicationOf =>
  async (db: Db, req: FastifyRequest) =>
    (await getApplication(db, read(req))).id;

/** `applicationId` of the JSON body (POST /api/v1/notices, …). */
export const applicationInBody: ApplicationOf = existing((req) => parse(inBody, req.body).applicationId);

/** `applicationId` of the query string. */
export const applicationInQuery: ApplicationOf = existing((req) => parse(inBody, req.query, 'query').applicationId);

/** The `:id` of an /api/v1/applications/{id}/… path. */
export const applicationInPath: ApplicationOf = existing((req) => parse(inParams, req.params, 'params').id);
