import multipart from '@fastify/multipart';
import {
  AoiAddRequest,
  AoiDeleteQuery,
  AoiDeleteResponse,
  AoiExportQuery,
  AoiIdParams,
  AoiListQuery,
  AoiListResponse,
  AoiMoveRequest,
  AoiNode,
  AoiRenameRequest,
  AoiTimeResponse,
  AoiTreeLimits,
  AoiUploadLimits,
  AoiUploadResponse,
  ErrorEnvelope,
  Int32Max,
  Int32Min,
  Paths,
  readInteger,
} from '@satportal/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import { binaryAnswer } from '../../http/openapi';
import type { Http } from '../../http/types';
import type { AoisService } from './aois.service';
import { uploadExtension } from './files/read-file';
import type { UploadInput } from './upload.service';

const outOfRange = (field: string, limit: number) =>
  ApiError.invalid(field, 'error.outOfRange', { field, limit });

/** The ids of a list the schema has shaped (digits, commas); an id no int4 column can hold is refused. */
function idsOf(list: string): number[] {
  const ids = list.split(',').map(Number);
  if (ids.some((id) => id > Int32Max)) throw outOfRange('ids', Int32Max);
  return ids;
}

/** The export's answer in the OpenAPI document: the file, in the format asked. */
const exportAnswer = binaryAnswer('the file; its name in content-disposition', [
  'application/vnd.google-earth.kml+xml',
  'application/geo+json',
  'application/zip',
]);

/** The upload's form in the OpenAPI document (the route reads the parts itself: readUpload). */
const uploadForm = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `KML, KMZ, GeoJSON or a zipped shapefile (${AoiUploadLimits.extensions.join(', ')}), at most ${AoiUploadLimits.maxBytes} bytes, its name shorter than ${AoiUploadLimits.nameMaxLength + 1} characters`,
    },
    aoiParentId: { type: 'integer', description: 'the folder the AOIs go in' },
    poiParentId: { type: 'integer', description: 'the folder the POIs go in' },
  },
};

/** The AOI and POI calls of spec 001 §7; every caller needs a session and sees only their own nodes. */
export function aoisRoutes(app: Http, aois: AoisService): void {
  const userOf = (request: FastifyRequest) => principalOf(request).user.id;

  app.get(
    Paths.aois,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listAois',
        tags: ['aois'],
        summary:
          'The AOI tree (type 1) or the POIs (type 2) of the caller, a page at a time (spec 001 §7 aoi, v2/aoi?type=2)',
        querystring: AoiListQuery,
        response: responses(AoiListResponse),
      },
    },
    async (request) => {
      const { type, start = 0, length = AoiTreeLimits.pageMax } = request.query;
      // Infinity from a coerced "1e999" passes the schema's range (see `pathId`)
      if (!Number.isFinite(start)) throw outOfRange('start', Int32Max);
      if (!Number.isFinite(length)) throw outOfRange('length', AoiTreeLimits.pageMax);
      return ok(await aois.list(userOf(request), type === 2 ? 2 : 1, { start, length }));
    },
  );

  app.post(
    Paths.aois,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'createAoi',
        tags: ['aois'],
        summary: 'Add a folder, an AOI or a POI (spec 001 §7 aoi/add)',
        body: AoiAddRequest,
        response: responses(AoiNode),
      },
    },
    async (request) => ok(await aois.add(userOf(request), request.body)),
  );

  app.delete(
    Paths.aois,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'deleteAois',
        tags: ['aois'],
        summary: 'Delete nodes, a folder with its content when deletedChild (spec 001 §7 v1/aoi, aoi/delete)',
        querystring: AoiDeleteQuery,
        response: responses(AoiDeleteResponse),
      },
    },
    async (request) =>
      ok(await aois.delete(userOf(request), idsOf(request.query.ids), request.query.deletedChild ?? false)),
  );

  app.get(
    Paths.aoisExport,
    {
      config: { scope: 'read', openapi: { response: { 200: exportAnswer } } },
      schema: {
        operationId: 'exportAois',
        tags: ['aois'],
        summary: 'Export AOIs and POIs as KML, GeoJSON or a zipped shapefile (spec 001 §7 v1/aoi/export)',
        querystring: AoiExportQuery,
        response: {
          200: Type.Unsafe<Buffer>({
            type: 'string',
            format: 'binary',
            description: 'the file; its name in content-disposition',
          }),
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const file = await aois.export(
        userOf(request),
        idsOf(request.query.ids),
        request.query.format ?? 'kml',
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.body));
    },
  );

  app.get(
    Paths.aoi,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getAoi',
        tags: ['aois'],
        summary: 'One node with its geometry (spec 001 §7 aoi/geometry)',
        params: AoiIdParams,
        response: responses(AoiNode),
      },
    },
    async (request) => ok(await aois.get(userOf(request), request.params.id)),
  );

  app.put(
    Paths.aoi,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'renameAoi',
        tags: ['aois'],
        summary: 'Rename a folder, an AOI or a POI (spec 001 §7 PUT v1/aoi/{id})',
        params: AoiIdParams,
        body: AoiRenameRequest,
        response: responses(AoiNode),
      },
    },
    async (request) => ok(await aois.rename(userOf(request), request.params.id, request.body.name)),
  );

  app.put(
    Paths.aoiMove,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'moveAoi',
        tags: ['aois'],
        summary: 'Move a node into a folder (spec 001 §7 PUT v1/aoi/{id}/move)',
        params: AoiIdParams,
        body: AoiMoveRequest,
        response: responses(AoiNode),
      },
    },
    async (request) => ok(await aois.move(userOf(request), request.params.id, request.body.parentId)),
  );

  app.get(
    Paths.aoiTime,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getAoiSceneDates',
        tags: ['aois'],
        summary: 'Acquisition dates of archive scenes over an AOI or POI (spec 001 §7 v1/aoi/{id}/time)',
        params: AoiIdParams,
        response: responses(AoiTimeResponse),
      },
    },
    async (request) => ok(await aois.time(userOf(request), request.params.id)),
  );

  // Multipart parsing exists only for the upload, in its own scope.
  app.register(async (scope: Http) => {
    await scope.register(multipart, {
      limits: {
        fileSize: AoiUploadLimits.maxBytes,
        files: 1,
        fields: 4,
        fieldSize: 100,
        parts: 5,
        headerPairs: 100,
      },
      throwFileSizeLimit: true,
    });
    scope.post(
      Paths.aoisUpload,
      {
        // Parsing and shaping a file costs far more than a read: a stricter limit per user.
        config: { rateLimitClass: 'upload', scope: 'write', openapi: { body: uploadForm } },
        schema: {
          operationId: 'uploadAois',
          tags: ['aois'],
          summary:
            'Upload KML, KMZ, GeoJSON or a zipped shapefile as AOIs and POIs (spec 001 §7 aoi/upload); multipart: file, aoiParentId, poiParentId',
          consumes: ['multipart/form-data'],
          response: responses(AoiUploadResponse),
        },
      },
      async (request) => ok(await aois.upload(userOf(request), await readUpload(request))),
    );
  });
}

/**
 * The multipart form of an upload. Name, extension and size are checked before any parsing
 * (spec 001 §5): the name and extension as soon as the file part starts, the size while it is
 * read (at most 5 MB are ever buffered).
 */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw ApiError.invalid('file', 'upload.notMultipart');
  const fields: Record<string, string> = {};
  let file: { fileName: string; extension: UploadInput['extension']; bytes: Uint8Array } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw ApiError.invalid(part.fieldname, 'upload.oneFile');
      }
      const fileName = part.filename ?? '';
      const extension = uploadExtension(fileName);
      if ([...fileName].length > AoiUploadLimits.nameMaxLength) {
        part.file.resume();
        throw ApiError.invalid('file', 'tip.length50', { max: AoiUploadLimits.nameMaxLength });
      }
      if (!extension) {
        part.file.resume();
        throw ApiError.invalid('file', 'tip.errorFormat', {
          accepted: AoiUploadLimits.extensions.join(', '),
        });
      }
      file = { fileName, extension, bytes: new Uint8Array(await part.toBuffer()) };
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw ApiError.invalid('file', 'tip.errorSize500', { maxBytes: AoiUploadLimits.maxBytes });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw ApiError.invalid('file', 'upload.oneFile');
    }
    // Anything else the multipart reader refuses (no boundary, a form cut short, a wrong
    // boundary) is a malformed form: the client's fault, never a 500. Only a client that went
    // away before its body ended (`readableAborted`) is not answered; a body that ended is, even
    // once Node has destroyed the request stream after its end.
    if (!request.raw.readableAborted && e instanceof Error) {
      throw ApiError.invalid(
        'file',
        /unexpected end/i.test(e.message) ? 'upload.incomplete' : 'upload.notMultipart',
      );
    }
    throw e;
  }
  if (!file) throw ApiError.invalid('file', 'upload.noFile');
  if (file.bytes.length === 0) throw ApiError.invalid('file', 'upload.emptyFile');
  return {
    ...file,
    aoiParentId: parentField(fields, 'aoiParentId'),
    poiParentId: parentField(fields, 'poiParentId'),
  };
}

/** A folder id of the form: absent or empty is none; otherwise the number rule (contract/text.ts). */
function parentField(fields: Record<string, string>, name: string): number | undefined {
  const raw = fields[name];
  if (raw === undefined || raw === '') return undefined;
  const id = readInteger(raw);
  if (id === 'error.outOfRange') throw outOfRange(name, raw.startsWith('-') ? Int32Min : Int32Max);
  if (typeof id !== 'number') throw ApiError.invalid(name, id, { field: name, rule: 'integer' });
  return id;
}
