// Every API command, as data: command name → method and path of /v1 (checked against the
// generated schema at compile time), positional arguments, and the columns of the human table.
// Options come from the operation itself (docs/openapi.json → api/operations.json): every query
// parameter and JSON body field is a flag. build.ts turns this into commander commands.
import type { paths } from '../api/schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type MethodsOf<P extends keyof paths> = { [M in Method]: paths[P] extends Record<Lowercase<M>, object> ? M : never }[Method];

export type OpDef = {
  cmd: string;
  method: Method;
  path: keyof paths;
  /** Positionals in order: path parameters, or query/body keys (`emails...` = variadic list); `name=label` renames it in help. */
  args?: string[];
  /** Body keys the command always sends. */
  fixed?: Record<string, unknown>;
  /** A raw upload: the last positional is a file whose bytes are the body. */
  file?: boolean;
  summary?: string;
  columns?: string[];
};
export type GroupDef = { name: string; summary: string; columns?: string[]; ops: OpDef[]; groups?: GroupDef[] };

const op = <P extends keyof paths>(cmd: string, method: MethodsOf<P>, path: P, extra: Partial<OpDef> = {}): OpDef => ({ cmd, method, path, ...extra });

const params = (p: string) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
/** The path parameters of `path` as positionals, named in help by `labels` (in order). */
const labelled = (path: string, labels: string[]) => params(path).map((k, i) => (labels[i] ? `${k}=${labels[i]}` : k));

/** list, get, create, update, delete of a collection `base` and its item path `item`. */
function crud<B extends keyof paths, I extends keyof paths>(base: B, item: I, labels: string[] = []) {
  const [b, i] = [{ args: labelled(base, labels) }, { args: labelled(item, labels) }];
  return [
    op('list', 'GET' as MethodsOf<B>, base, b),
    op('get', 'GET' as MethodsOf<I>, item, i),
    op('create', 'POST' as MethodsOf<B>, base, b),
    op('update', 'PATCH' as MethodsOf<I>, item, i),
    op('delete', 'DELETE' as MethodsOf<I>, item, i),
  ];
}

/** A document's row: preview_status says whether an Office file is viewable yet (issue 22). */
export const DOCUMENT_COLUMNS = ['id', 'name', 'type', 'num_pages', 'preview_status', 'folder_id', 'updated_at'];
const ROOM = 'id=dataroom';
const GROUP = [ROOM, 'groupId=group'];
const VIEW_COLUMNS = ['id', 'viewer_email', 'view_type', 'link_id', 'document_id', 'dataroom_id', 'viewed_at'];
const imageArgs = (first: string) => [first, 'slot', 'file'];
const DELIVERY_COLUMNS = ['id', 'event_type', 'status', 'attempts', 'last_response_status', 'last_response_ms', 'next_attempt_at', 'created'];

export const GROUPS: GroupDef[] = [
  {
    name: 'documents',
    summary: 'Documents of the team library (upload, versions, search)',
    columns: DOCUMENT_COLUMNS,
    ops: [
      op('list', 'GET', '/documents'),
      op('search', 'GET', '/documents/search', { args: ['q=text'] }),
      op('get', 'GET', '/documents/{id}'),
      op('create', 'POST', '/documents', { summary: 'Create a document from a URL (--source-url) or a link/notion page (--type, --external-url); files: `upload`' }),
      op('update', 'PATCH', '/documents/{id}', { summary: 'Rename a document or move it to a folder (--folder null = root)' }),
      op('delete', 'DELETE', '/documents/{id}'),
    ],
    groups: [
      {
        name: 'versions',
        summary: 'Versions of a document',
        columns: ['id', 'version_number', 'is_primary', 'type', 'num_pages', 'preview_status', 'file_size', 'created'],
        ops: [
          op('list', 'GET', '/documents/{id}/versions', { args: ['id=document'] }),
          op('get', 'GET', '/documents/{id}/versions/{versionId}', { args: ['id=document', 'versionId=version'] }),
          op('create', 'POST', '/documents/{id}/versions', { args: ['id=document'], summary: 'Add a version from a URL (--source-url, --external-url); files: `documents add-version`' }),
          op('set-primary', 'PATCH', '/documents/{id}/versions/{versionId}', {
            args: ['id=document', 'versionId=version'],
            fixed: { is_primary: true },
            summary: 'Make a version the primary one',
          }),
        ],
      },
      {
        name: 'redactions',
        summary: 'Redactions: marks from boxes, terms and patterns; apply writes a verified redacted version',
        columns: ['id', 'status', 'source_version_id', 'result_version_id', 'created', 'applied_at', 'error'],
        ops: [
          op('list', 'GET', '/documents/{id}/redactions', { args: ['id=document'] }),
          op('create', 'POST', '/documents/{id}/redactions', { args: ['id=document'], summary: 'Draft a redaction (--terms, --patterns, --marks as JSON)' }),
          op('get', 'GET', '/redactions/{id}', { args: ['id=redaction'] }),
          op('update', 'PATCH', '/redactions/{id}', { args: ['id=redaction'], summary: 'Add marks, terms or patterns, or drop marks (--remove-mark-ids)' }),
          op('apply', 'POST', '/redactions/{id}/apply', { args: ['id=redaction'], summary: 'Apply: a new primary version, verified before it is published (poll with get)' }),
          op('delete', 'DELETE', '/redactions/{id}', { args: ['id=redaction'] }),
        ],
      },
    ],
  },
  {
    name: 'folders',
    summary: 'Folders of the team library',
    columns: ['id', 'name', 'path', 'document_count', 'child_folder_count', 'parent_id'],
    ops: [...crud('/folders', '/folders/{id}'), op('move', 'POST', '/folders/{id}/move', { summary: 'Move a folder (--parent null = top level)' })],
  },
  {
    name: 'datarooms',
    summary: 'Data rooms, their documents, folders, groups, members, permissions and branding',
    columns: ['id', 'pid', 'name', 'document_count', 'folder_count', 'is_frozen', 'updated_at'],
    ops: crud('/datarooms', '/datarooms/{id}'),
    groups: [
      {
        name: 'exports',
        summary: 'Room archives: every document, index.csv, audit-log.csv, qa.csv and a SHA-256 manifest in one zip',
        columns: ['id', 'status', 'size', 'sha256', 'created', 'completed_at', 'download_url'],
        ops: [
          op('create', 'POST', '/datarooms/{id}/exports', { args: [ROOM], summary: 'Start an archive of the room (built in the background)' }),
          op('get', 'GET', '/datarooms/{id}/exports/{exportId}', { args: [ROOM, 'exportId=export'], summary: 'Its status, and download_url (an hour) once succeeded' }),
        ],
      },
      {
        name: 'documents',
        summary: 'Documents placed in a data room',
        columns: ['id', 'document_id', 'document_name', 'folder_path', 'order_index', 'created'],
        ops: [
          op('list', 'GET', '/datarooms/{id}/documents', { args: [ROOM] }),
          op('get', 'GET', '/datarooms/{id}/documents/{ddId}', { args: [ROOM, 'ddId=dataroom-document'] }),
          op('attach', 'POST', '/datarooms/{id}/documents', { args: [ROOM, 'document_id=document'] }),
          op('move', 'PATCH', '/datarooms/{id}/documents/{ddId}', { args: [ROOM, 'ddId=dataroom-document'], summary: 'Move (--folder, null = root) or reorder (--order-index) a room document' }),
          op('detach', 'DELETE', '/datarooms/{id}/documents/{ddId}', { args: [ROOM, 'ddId=dataroom-document'] }),
        ],
      },
      {
        name: 'folders',
        summary: 'Folders of a data room',
        columns: ['id', 'name', 'path', 'document_count', 'child_folder_count', 'parent_id'],
        ops: [
          ...crud('/datarooms/{id}/folders', '/datarooms/{id}/folders/{folderId}', ['dataroom', 'folder']),
          op('move', 'POST', '/datarooms/{id}/folders/{folderId}/move', { args: [ROOM, 'folderId=folder'], summary: 'Move a room folder (--parent null = root)' }),
        ],
      },
      {
        name: 'groups',
        summary: 'Viewer groups of a data room',
        columns: ['id', 'name', 'domains', 'allow_all', 'member_count', 'created'],
        ops: crud('/datarooms/{id}/groups', '/datarooms/{id}/groups/{groupId}', ['dataroom', 'group']),
      },
      {
        name: 'members',
        summary: 'Explicit members of a viewer group',
        columns: ['id', 'email', 'visitor_id', 'created'],
        ops: [
          op('list', 'GET', '/datarooms/{id}/groups/{groupId}/members', { args: GROUP }),
          op('add', 'POST', '/datarooms/{id}/groups/{groupId}/members', { args: [...GROUP, 'emails...'] }),
          op('remove', 'DELETE', '/datarooms/{id}/groups/{groupId}/members/{membershipId}', { args: [...GROUP, 'membershipId=membership'] }),
        ],
      },
      {
        name: 'permissions',
        summary: 'What a viewer group may see and download',
        columns: ['item_id', 'item_type', 'can_view', 'can_download'],
        ops: [
          op('list', 'GET', '/datarooms/{id}/groups/{groupId}/permissions', { args: GROUP }),
          op('set', 'PUT', '/datarooms/{id}/groups/{groupId}/permissions', {
            args: GROUP,
            summary: 'Upsert permissions: --permissions \'[{"item_id":"…","can_view":true,"can_download":false}]\'',
          }),
          op('set-many', 'PUT', '/datarooms/{id}/permissions', {
            args: [ROOM],
            columns: ['object', 'dataroom_id', 'applied'],
            summary:
              'Several groups at once, all or none (up to 5,000): --changes \'[{"group_id":"…","item_type":"dataroom_folder","item_id":"…","can_view":true,"can_download":false}]\'',
          }),
        ],
      },
      {
        name: 'branding',
        summary: 'What a data room’s visitors see (team default, a brand, or custom)',
        ops: [
          op('get', 'GET', '/datarooms/{id}/branding', { args: [ROOM] }),
          op('update', 'PATCH', '/datarooms/{id}/branding', { args: [ROOM] }),
          op('set-image', 'PUT', '/datarooms/{id}/branding/images/{slot}', { args: imageArgs(ROOM), file: true }),
        ],
      },
    ],
  },
  {
    name: 'brands',
    summary: 'Named brands of the team',
    columns: ['id', 'name', 'is_default', 'brand_color', 'default_language', 'updated_at'],
    ops: [...crud('/brands', '/brands/{id}'), op('set-image', 'PUT', '/brands/{id}/images/{slot}', { args: imageArgs('id=brand'), file: true })],
  },
  {
    name: 'links',
    summary: 'Share links to documents and data rooms',
    columns: ['id', 'name', 'url', 'document_id', 'dataroom_id', 'audience_type', 'expires_at'],
    ops: [
      ...crud('/links', '/links/{id}'),
      op('permissions', 'GET', '/links/{id}/permissions', { columns: ['item_id', 'item_type', 'can_view', 'can_download'] }),
      op('views', 'GET', '/links/{id}/views', { columns: VIEW_COLUMNS }),
    ],
    groups: [
      {
        name: 'invitations',
        summary: 'The link mailed to people, with delivery status and first view',
        columns: ['id', 'email', 'status', 'error', 'sent_at', 'first_viewed_at'],
        ops: [
          op('list', 'GET', '/links/{id}/invitations', { args: ['id=link'] }),
          op('send', 'POST', '/links/{id}/invitations', { args: ['id=link', 'emails...'] }),
        ],
      },
    ],
  },
  {
    name: 'access-requests',
    summary: 'Refused visitors asking to be let in',
    columns: ['id', 'email', 'status', 'link_id', 'message', 'created'],
    ops: [
      op('list', 'GET', '/access-requests'),
      op('get', 'GET', '/access-requests/{id}'),
      op('approve', 'POST', '/access-requests/{id}/approve', { summary: 'The email joins the link\'s group or allow list, or the group named by --group-id; the visitor is mailed' }),
      op('deny', 'POST', '/access-requests/{id}/deny', { summary: 'The visitor is mailed that the request was declined' }),
    ],
  },
  {
    name: 'link-presets',
    summary: 'Reusable link settings',
    columns: ['id', 'name', 'allow_download', 'email_protected', 'updated_at'],
    ops: crud('/link-presets', '/link-presets/{id}'),
  },
  {
    name: 'questions',
    summary: 'Room Q&A: visitors’ questions, answered privately or into the room’s FAQ',
    columns: ['id', 'status', 'published', 'document_id', 'page_number', 'text', 'created'],
    ops: [
      op('list', 'GET', '/datarooms/{id}/questions', { args: [ROOM], summary: 'A room’s questions, newest first (--status, --document-id)' }),
      op('get', 'GET', '/questions/{id}', { args: ['id=question'] }),
      op('answer', 'POST', '/questions/{id}/answers', { args: ['id=question', 'text'], summary: 'Answer; --publish true puts it in the room’s FAQ (the asker is mailed)' }),
      op('update', 'PATCH', '/questions/{id}', { args: ['id=question'], summary: 'Change --status (open, answered, closed) or --published' }),
    ],
  },
  {
    name: 'visitor-uploads',
    summary: 'Files visitors uploaded into room folders, waiting for approval',
    columns: ['id', 'status', 'name', 'size', 'uploaded_by', 'reason', 'created'],
    ops: [
      op('list', 'GET', '/datarooms/{id}/visitor-uploads', { args: [ROOM], summary: 'A room’s visitor uploads, newest first (--status pending, approved or rejected)' }),
      op('get', 'GET', '/visitor-uploads/{id}', { args: ['id=visitor upload'] }),
      op('approve', 'POST', '/visitor-uploads/{id}/approve', { args: ['id=visitor upload'], summary: 'The file becomes a room document in its folder (--name renames it); the uploader is mailed' }),
      op('reject', 'POST', '/visitor-uploads/{id}/reject', { args: ['id=visitor upload', 'reason'], summary: 'Reject with a reason the uploader sees and is mailed; the file is deleted' }),
    ],
  },
  {
    name: 'visitors',
    summary: 'People who viewed or were invited',
    columns: ['id', 'email', 'verified', 'dataroom_id', 'total_views', 'last_viewed_at'],
    ops: [op('list', 'GET', '/visitors'), op('get', 'GET', '/visitors/{id}'), op('views', 'GET', '/visitors/{id}/views', { columns: VIEW_COLUMNS })],
  },
  {
    name: 'views',
    summary: 'Views (visits) of a link or by a visitor, and one view’s pages',
    columns: VIEW_COLUMNS,
    ops: [
      op('link', 'GET', '/links/{id}/views', { args: ['id=link'] }),
      op('visitor', 'GET', '/visitors/{id}/views', { args: ['id=visitor'] }),
      op('get', 'GET', '/analytics/views/{id}', { args: ['id=view'], summary: 'Time per page of one view' }),
    ],
  },
  {
    name: 'events',
    summary: 'The audit log, newest first (--type dataroom.*, --dataroom, --resource-id, --actor-email, --since/--until)',
    columns: ['id', 'type', 'created', 'dataroom_id'],
    ops: [op('list', 'GET', '/events'), op('get', 'GET', '/events/{id}')],
  },
  {
    name: 'analytics',
    summary: 'Views, viewers and time (--since/--until: unix ms or a date)',
    ops: [
      op('document', 'GET', '/analytics/documents/{id}', { args: ['id=document'] }),
      op('link', 'GET', '/analytics/links/{id}', { args: ['id=link'] }),
      op('dataroom', 'GET', '/analytics/datarooms/{id}', { args: [ROOM] }),
      op('searches', 'GET', '/datarooms/{id}/analytics/searches', { args: [ROOM], summary: 'What a room’s visitors searched for, how often, and what found nothing' }),
      op('view', 'GET', '/analytics/views/{id}', { args: ['id=view'] }),
    ],
  },
  {
    name: 'agreements',
    summary: 'Terms (an NDA) visitors accept before a link opens, and who accepted them',
    columns: ['id', 'name', 'content_type', 'require_name', 'version', 'updated_at'],
    ops: [
      ...crud('/agreements', '/agreements/{id}', ['agreement']),
      op('acceptances', 'GET', '/agreements/{id}/acceptances', {
        args: ['id=agreement'],
        summary: 'Who accepted it, newest first',
        columns: ['id', 'email', 'name', 'agreement_version', 'link_id', 'accepted_at'],
      }),
    ],
  },
  {
    name: 'domains',
    summary: 'Custom domains links are shared on (add, publish the TXT record, verify)',
    columns: ['id', 'name', 'status', 'verification', 'target', 'verified_at', 'error'],
    ops: [
      op('list', 'GET', '/domains'),
      op('get', 'GET', '/domains/{id}', { args: ['id=domain'] }),
      op('add', 'POST', '/domains', { args: ['name'], summary: 'Add a domain (pending): then publish its TXT record and CNAME' }),
      op('verify', 'POST', '/domains/{id}/verify', { args: ['id=domain'], summary: 'Check the domain’s DNS now' }),
      op('remove', 'DELETE', '/domains/{id}', { args: ['id=domain'], summary: 'Remove a domain (its links return to the app host)' }),
    ],
  },
  {
    name: 'webhooks',
    summary: 'Webhook endpoints (Standard Webhooks) and their delivery log',
    columns: ['id', 'url', 'events', 'enabled', 'disabled_reason', 'updated_at'],
    ops: [
      ...crud('/webhooks', '/webhooks/{id}', ['webhook']),
      op('rotate-secret', 'POST', '/webhooks/{id}/rotate-secret', { args: ['id=webhook'], summary: 'New signing secret (the previous one signs too for 24 hours)' }),
      op('test', 'POST', '/webhooks/{id}/test', { args: ['id=webhook'], summary: 'Send a webhook.test event to the endpoint', columns: DELIVERY_COLUMNS }),
      op('deliveries', 'GET', '/webhooks/{id}/deliveries', { args: ['id=webhook'], columns: DELIVERY_COLUMNS }),
      op('retry', 'POST', '/webhooks/{id}/deliveries/{deliveryId}/retry', { args: ['id=webhook', 'deliveryId=delivery'], summary: 'Send a delivery again now', columns: DELIVERY_COLUMNS }),
    ],
  },
];

/** Commands directly under `quire`. */
export const TOP_LEVEL: OpDef[] = [
  op('search', 'GET', '/search', {
    args: ['q=text'],
    summary: 'Search names and the words inside documents (words, "phrases", -exclusions, or); filters --dataroom-id, --folder-id, --document-id, --type',
    columns: ['document_name', 'page_number', 'match', 'snippet', 'document_id'],
  }),
];
