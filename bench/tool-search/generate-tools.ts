/**
 * 10,000 MCP-style tools over 50 servers, 200 each: `<verb>_<resource>` names in the server's naming style
 * (snake, camel or kebab, as real MCP servers vary), a sentence of description, and a search hint of
 * synonyms on the server's own resources. Deterministic: the labelled queries name tools from it.
 */

/** A server: its name, title, what it is (for descriptions and hints), naming style and its own resources. */
interface Server {
  name: string;
  title: string;
  category: string;
  style: 'snake' | 'camel' | 'kebab';
  /** `[resource, synonyms]`: resource words joined by `_`. */
  resources: readonly (readonly [string, string])[];
}

const s = (name: string, title: string, category: string, style: Server['style'], resources: string): Server => ({
  name,
  title,
  category,
  style,
  resources: resources.split(';').map((pair) => pair.split(':').map((part) => part.trim()) as [string, string]),
});

export const SERVERS: readonly Server[] = [
  s('github', 'GitHub', 'code hosting git', 'snake', 'issue: bug ticket; pull_request: pr code review merge; repository: repo project; branch: ref; commit: sha change; release: version tag; workflow_run: ci actions pipeline; gist: snippet'),
  s('gitlab', 'GitLab', 'code hosting git', 'snake', 'merge_request: mr code review; pipeline: ci build; project: repo repository; issue: bug ticket; runner: ci agent; snippet: gist'),
  s('bitbucket', 'Bitbucket', 'code hosting git', 'kebab', 'pull_request: pr code review; repository: repo; pipeline: ci build; branch: ref'),
  s('jira', 'Jira', 'issue tracker project management', 'camel', 'issue: ticket bug story task; sprint: iteration agile; board: kanban scrum; epic: initiative; worklog: time tracking hours'),
  s('linear', 'Linear', 'issue tracker project management', 'camel', 'issue: ticket bug task; cycle: sprint iteration; project: initiative roadmap; team_key: workspace team'),
  s('asana', 'Asana', 'task management', 'snake', 'task: todo assignment; project: board; section: column; portfolio: roadmap'),
  s('trello', 'Trello', 'kanban boards', 'camel', 'card: task todo; board: kanban; list: column lane; checklist: subtasks'),
  s('notion', 'Notion', 'docs wiki knowledge base', 'snake', 'page: document note; database: table; block: content paragraph; workspace: space'),
  s('confluence', 'Confluence', 'wiki documentation', 'camel', 'page: document article; space: wiki area; blog_post: announcement article; attachment_version: file revision'),
  s('slack', 'Slack', 'team chat messaging', 'snake', 'message: chat post dm; channel: room conversation; reaction: emoji; thread: replies; reminder: remind alarm'),
  s('discord', 'Discord', 'community chat', 'snake', 'message: chat post; channel: room; guild: server community; role: permission group; voice_channel: audio call'),
  s('teams', 'Microsoft Teams', 'team chat meetings', 'camel', 'chat_message: message chat post; channel: room; meeting: call video conference; team: group'),
  s('gmail', 'Gmail', 'email', 'snake', 'email: mail message inbox; draft: unsent email; label: folder tag; thread: conversation; filter: rule'),
  s('outlook', 'Outlook', 'email calendar', 'camel', 'mail_message: email mail inbox; calendar_event: meeting appointment; contact: person address book; mail_folder: folder'),
  s('google_calendar', 'Google Calendar', 'calendar scheduling', 'snake', 'event: meeting appointment schedule; calendar: agenda; free_busy: availability; attendee: guest invitee'),
  s('google_drive', 'Google Drive', 'file storage', 'snake', 'file: document upload; folder: directory; permission_grant: share access; revision: version history'),
  s('dropbox', 'Dropbox', 'file storage sync', 'snake', 'file: document upload; folder: directory; shared_link: share url; file_request: upload request'),
  s('box', 'Box', 'enterprise file storage', 'kebab', 'file: document upload; folder: directory; collaboration: share access; metadata_template: schema fields'),
  s('aws_s3', 'Amazon S3', 'object storage cloud', 'kebab', 'bucket: container storage; object: file blob key; presigned_url: signed download link; lifecycle_rule: expiration policy'),
  s('postgres', 'PostgreSQL', 'sql database', 'snake', 'query: sql select statement; table: relation schema; index: btree; row: record; migration: schema change'),
  s('mysql', 'MySQL', 'sql database', 'snake', 'query: sql statement; table: schema; row: record; user_grant: privilege access'),
  s('mongodb', 'MongoDB', 'document database nosql', 'camel', 'document: record json; collection: table; aggregation: pipeline group; index: key'),
  s('redis', 'Redis', 'key value cache', 'snake', 'key: cache entry; stream: queue log; hash: map field; ttl: expiry expire'),
  s('elasticsearch', 'Elasticsearch', 'search engine index', 'snake', 'index: search index; document: record; mapping: field schema; alias: index pointer'),
  s('snowflake', 'Snowflake', 'data warehouse', 'snake', 'query: sql statement; warehouse: compute cluster; stage: load files; table: schema'),
  s('bigquery', 'BigQuery', 'data warehouse analytics', 'camel', 'query_job: sql query; dataset: schema; table: relation; routine: stored procedure udf'),
  s('stripe', 'Stripe', 'payments billing', 'snake', 'payment_intent: charge payment; customer: payer client; subscription: recurring plan billing; invoice: bill receipt; refund: money back chargeback; payout: transfer bank'),
  s('paypal', 'PayPal', 'payments', 'camel', 'order: payment checkout; payout: transfer send money; dispute: chargeback claim; refund: money back'),
  s('shopify', 'Shopify', 'ecommerce store', 'camel', 'product: item listing sku; order: purchase sale; inventory_level: stock quantity; discount_code: coupon promo'),
  s('salesforce', 'Salesforce', 'crm sales', 'camel', 'lead: prospect; opportunity: deal pipeline; account: company organization; soql_query: query records'),
  s('hubspot', 'HubSpot', 'crm marketing', 'snake', 'contact: person lead; deal: opportunity sale; company: account organization; email_campaign: newsletter marketing'),
  s('zendesk', 'Zendesk', 'customer support helpdesk', 'snake', 'ticket: support request case; macro: canned response; help_center_article: faq knowledge base; satisfaction_rating: csat survey'),
  s('intercom', 'Intercom', 'customer messaging support', 'camel', 'conversation: chat support thread; contact: user lead; article: help doc; segment: audience'),
  s('twilio', 'Twilio', 'sms voice telephony', 'camel', 'sms_message: text sms; phone_call: voice call; phone_number: number; verification: otp 2fa code'),
  s('sendgrid', 'SendGrid', 'transactional email', 'kebab', 'mail_send: email send; template: email template; suppression: unsubscribe bounce; sender_identity: from address'),
  s('sentry', 'Sentry', 'error monitoring', 'snake', 'issue: error exception crash; event: error occurrence; release: version deploy; alert_rule: notification'),
  s('datadog', 'Datadog', 'observability monitoring', 'snake', 'monitor: alert check; metric: timeseries gauge; dashboard: graphs; log_query: logs search; incident: outage'),
  s('pagerduty', 'PagerDuty', 'incident response on-call', 'camel', 'incident: outage alert page; on_call_schedule: rotation shift; escalation_policy: escalation; service: component'),
  s('grafana', 'Grafana', 'dashboards observability', 'snake', 'dashboard: graphs panels; datasource: data source; alert: alarm; annotation: marker note'),
  s('kubernetes', 'Kubernetes', 'container orchestration', 'kebab', 'pod: container workload; deployment: rollout replicas; service: network endpoint; namespace: scope; config_map: configuration'),
  s('docker', 'Docker', 'containers', 'snake', 'container: running process; image: build layer; volume: storage mount; network: bridge'),
  s('terraform', 'Terraform', 'infrastructure as code', 'snake', 'workspace: state environment; plan: diff changes; run: apply; state_version: tfstate'),
  s('vercel', 'Vercel', 'frontend hosting deploy', 'camel', 'deployment: deploy preview release; project: site app; domain: dns hostname; env_variable: environment secret'),
  s('netlify', 'Netlify', 'site hosting deploy', 'snake', 'site: website app; deploy: build release preview; form_submission: form entry; build_hook: trigger'),
  s('cloudflare', 'Cloudflare', 'cdn dns edge', 'snake', 'dns_record: dns entry; zone: domain; worker_script: edge function; cache_purge: purge invalidate'),
  s('figma', 'Figma', 'design', 'camel', 'design_file: mockup design; frame: artboard; component: design system symbol; comment_pin: design feedback'),
  s('airtable', 'Airtable', 'spreadsheet database', 'camel', 'record: row entry; base: database; table: sheet; view: grid filter'),
  s('google_sheets', 'Google Sheets', 'spreadsheet', 'snake', 'spreadsheet: workbook sheet; cell_range: cells values range; worksheet: tab sheet; chart: graph'),
  s('spotify', 'Spotify', 'music streaming', 'snake', 'track: song music; playlist: mix; album: record; playback: player play pause'),
  s('openweather', 'OpenWeather', 'weather forecast', 'snake', 'current_weather: temperature conditions now; forecast: prediction tomorrow week; air_quality: pollution aqi; weather_alert: storm warning'),
];

/** Resources every server also has (admin surface), after its own. */
const COMMON_RESOURCES = ['webhook', 'user', 'team', 'audit_log', 'api_token', 'setting', 'tag', 'comment', 'attachment', 'export_job', 'usage_report', 'integration', 'notification', 'role', 'quota', 'activity', 'template_item', 'scheduled_job', 'backup', 'invitation'];

/** Verbs, each with its description template (`{res}` resource words, `{title}` server title). */
export const VERBS: readonly (readonly [string, string])[] = [
  ['create', 'Create a new {res} in {title}'],
  ['get', 'Get a single {title} {res} by its ID'],
  ['list', 'List {res} in {title}, with pagination and filters'],
  ['update', 'Update the fields of an existing {title} {res}'],
  ['delete', 'Permanently delete a {title} {res}'],
  ['search', 'Search {title} {res} by keyword or query'],
  ['archive', 'Archive a {title} {res} so it is hidden but kept'],
  ['restore', 'Restore an archived or deleted {title} {res}'],
  ['export', 'Export {title} {res} as CSV or JSON'],
  ['count', 'Count the {res} in {title} matching a filter'],
];

/** Verbs over many items take the plural: `list_issues`, `search_pull_requests`. */
const PLURAL_VERBS = new Set(['list', 'search', 'export', 'count']);

function pluralize(resource: string): string {
  if (/(s|x|ch|sh)$/.test(resource)) return `${resource}es`;
  if (/[^aeiou]y$/.test(resource)) return `${resource.slice(0, -1)}ies`;
  return `${resource}s`;
}

/** The resource as a verb uses it: plural for list, search, export and count. */
export function resourceFor(verb: string, resource: string): string {
  return PLURAL_VERBS.has(verb) ? pluralize(resource) : resource;
}

function formatName(verb: string, resource: string, style: Server['style']): string {
  const words = [verb, ...resource.split('_')];
  if (style === 'snake') return words.join('_');
  if (style === 'kebab') return words.join('-');
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/** One generated tool's searchable fields. */
export interface GeneratedTool {
  name: string;
  description: string;
  searchHint?: string;
}

/** The full name of a generated tool: `mcp__<server>__<verb><sep><resource>` in the server's style. */
export function generatedToolName(server: string, verb: string, resource: string): string {
  const found = SERVERS.find((candidate) => candidate.name === server);
  if (!found) throw new Error(`No server ${server}`);
  return `mcp__${server}__${formatName(verb, resourceFor(verb, resource), found.style)}`;
}

export const TOOLS_PER_SERVER = 200;

/** 50 servers × 200 tools, in server order (as MCP servers list them), own resources first. */
export function generateTools(): GeneratedTool[] {
  const tools: GeneratedTool[] = [];
  for (const server of SERVERS) {
    const own = new Set(server.resources.map(([resource]) => resource));
    const resources: (readonly [string, string | undefined])[] = [...server.resources, ...COMMON_RESOURCES.filter((resource) => !own.has(resource)).map((resource) => [resource, undefined] as const)];
    let made = 0;
    for (const [resource, synonyms] of resources) {
      for (const [verb, template] of VERBS) {
        if (made >= TOOLS_PER_SERVER) break;
        const form = resourceFor(verb, resource);
        const words = form.replace(/_/g, ' ');
        tools.push({
          name: `mcp__${server.name}__${formatName(verb, form, server.style)}`,
          description: `${template.replace('{res}', words).replace('{title}', server.title)}. ${server.title} is a ${server.category} service.`,
          ...(synonyms ? { searchHint: `${synonyms} ${server.category}` } : {}),
        });
        made++;
      }
    }
  }
  return tools;
}
