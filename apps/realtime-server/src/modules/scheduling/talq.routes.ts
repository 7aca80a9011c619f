import {
  ACTION_ROLES,
  TALQ_DOCUMENT_MAX_BYTES,
  TalqDocumentSchema,
  TalqExportQuerySchema,
  TalqImportRequestSchema,
  TalqImportResultSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { TalqInterchange } from './talq.service';

const { viewScheduling, manageScheduling } = ACTION_ROLES;

/** `Eixample.talq.json`, in a Content-Disposition that any browser reads, whatever the name's letters. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\w .-]+/g, '_').trim() || 'scheduling';
  return `attachment; filename="${ascii}.talq.json"; filename*=UTF-8''${encodeURIComponent(`${name}.talq.json`)}`;
}

/** The TALQ-shaped interchange of control programs and calendars (docs/talq-interchange.md). */
export function talqRoutes(interchange: TalqInterchange): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/scheduling/export',
      operationId: 'exportScheduling',
      summary:
        "A project's control programs and calendars, or one calendar with the programs it names, as TALQ-shaped JSON",
      description:
        'Answered as a download (`Content-Disposition`) of the document docs/talq-interchange.md describes. ' +
        'A calendar of another project than `projectId` is not found.',
      roles: viewScheduling,
      query: TalqExportQuerySchema,
      response: { component: 'TalqDocument', schema: TalqDocumentSchema },
      handler: async ({ user, query, res }) => {
        const { document, name } = await interchange.export(user, query);
        res.setHeader('Content-Disposition', attachment(name));
        return document;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/scheduling/import',
      operationId: 'importScheduling',
      summary: "Creates a TALQ-shaped document's control programs and calendars in a project, all or none",
      description:
        'What Farola cannot represent is refused (400 `VALIDATION_FAILED`), each finding with the path of its field ' +
        'under `document` and a `talq.error.*` code; a name the project already has answers 409 ' +
        '(`CONTROL_PROGRAM_EXISTS`, `CALENDAR_EXISTS`). Either way nothing is created.',
      roles: manageScheduling,
      body: {
        component: 'TalqImportRequest',
        schema: TalqImportRequestSchema,
        // The document, and the request around it.
        limitBytes: TALQ_DOCUMENT_MAX_BYTES + 1024,
      },
      response: { component: 'TalqImportResult', schema: TalqImportResultSchema, status: 201 },
      errors: [409],
      handler: ({ user, body }) => interchange.import(user, body.projectId, body.document),
    }),
  ];
}
