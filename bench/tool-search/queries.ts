import { generatedToolName as t } from './generate-tools.ts';

/** A labelled query: what a model would type, and the tools a good search puts in the top 5. */
export interface LabelledQuery {
  query: string;
  expected: readonly string[];
  /** What the query exercises. */
  kind: 'keywords' | 'synonym' | 'select' | 'exact' | 'required' | 'prefix';
}

const k = (query: string, ...expected: string[]): LabelledQuery => ({ query, expected, kind: 'keywords' });
const syn = (query: string, ...expected: string[]): LabelledQuery => ({ query, expected, kind: 'synonym' });

/** 72 queries over the generated pool (`generate-tools.ts`); every expected name is checked to exist. */
export const QUERIES: readonly LabelledQuery[] = [
  k('create github issue', t('github', 'create', 'issue')),
  k('list pull requests github', t('github', 'list', 'pull_request')),
  k('gitlab pipelines list', t('gitlab', 'list', 'pipeline')),
  k('gitlab merge request create', t('gitlab', 'create', 'merge_request')),
  k('bitbucket pull request get', t('bitbucket', 'get', 'pull_request')),
  syn('create jira ticket', t('jira', 'create', 'issue')),
  k('list jira sprints', t('jira', 'list', 'sprint')),
  k('linear create issue', t('linear', 'create', 'issue')),
  k('asana task create', t('asana', 'create', 'task')),
  k('create trello card', t('trello', 'create', 'card')),
  k('notion search pages', t('notion', 'search', 'page')),
  k('confluence get page', t('confluence', 'get', 'page')),
  syn('send slack message', t('slack', 'create', 'message')),
  k('slack list channels', t('slack', 'list', 'channel')),
  syn('post discord message', t('discord', 'create', 'message')),
  syn('schedule teams meeting', t('teams', 'create', 'meeting')),
  syn('send email gmail', t('gmail', 'create', 'email')),
  k('create gmail draft', t('gmail', 'create', 'draft')),
  k('create outlook calendar event', t('outlook', 'create', 'calendar_event')),
  k('google calendar create event', t('google_calendar', 'create', 'event')),
  syn('check calendar availability', t('google_calendar', 'get', 'free_busy')),
  syn('upload file to google drive', t('google_drive', 'create', 'file')),
  k('create dropbox shared link', t('dropbox', 'create', 'shared_link')),
  k('s3 list buckets', t('aws_s3', 'list', 'bucket')),
  syn('s3 signed download link', t('aws_s3', 'create', 'presigned_url')),
  syn('run sql query postgres', t('postgres', 'create', 'query')),
  k('postgres list tables', t('postgres', 'list', 'table')),
  k('create mongodb aggregation', t('mongodb', 'create', 'aggregation')),
  k('redis delete key', t('redis', 'delete', 'key')),
  k('elasticsearch search indexes', t('elasticsearch', 'search', 'index')),
  k('snowflake list warehouses', t('snowflake', 'list', 'warehouse')),
  k('list bigquery datasets', t('bigquery', 'list', 'dataset')),
  k('create stripe refund', t('stripe', 'create', 'refund')),
  k('delete stripe subscription', t('stripe', 'delete', 'subscription')),
  k('stripe search customers', t('stripe', 'search', 'customer')),
  k('get paypal dispute', t('paypal', 'get', 'dispute')),
  k('update shopify inventory level', t('shopify', 'update', 'inventory_level')),
  syn('shopify coupon create', t('shopify', 'create', 'discount_code')),
  k('salesforce update opportunity', t('salesforce', 'update', 'opportunity')),
  k('hubspot create contact', t('hubspot', 'create', 'contact')),
  k('list zendesk tickets', t('zendesk', 'list', 'ticket')),
  k('search intercom conversations', t('intercom', 'search', 'conversation')),
  syn('send sms twilio', t('twilio', 'create', 'sms_message')),
  k('create sendgrid template', t('sendgrid', 'create', 'template')),
  k('sentry list issues', t('sentry', 'list', 'issue')),
  k('datadog create monitor', t('datadog', 'create', 'monitor')),
  k('create pagerduty incident', t('pagerduty', 'create', 'incident')),
  syn('pagerduty on-call rotation', t('pagerduty', 'create', 'on_call_schedule'), t('pagerduty', 'get', 'on_call_schedule')),
  k('get grafana dashboard', t('grafana', 'get', 'dashboard')),
  k('kubernetes list pods', t('kubernetes', 'list', 'pod')),
  k('update kubernetes deployment', t('kubernetes', 'update', 'deployment')),
  k('docker list containers', t('docker', 'list', 'container')),
  k('terraform create plan', t('terraform', 'create', 'plan')),
  syn('vercel deploy preview', t('vercel', 'create', 'deployment')),
  k('netlify list deploys', t('netlify', 'list', 'deploy')),
  k('create cloudflare dns record', t('cloudflare', 'create', 'dns_record')),
  syn('cloudflare purge cache', t('cloudflare', 'create', 'cache_purge')),
  k('airtable list records', t('airtable', 'list', 'record')),
  k('google sheets update cell range', t('google_sheets', 'update', 'cell_range')),
  k('spotify create playlist', t('spotify', 'create', 'playlist')),
  syn('weather forecast tomorrow', t('openweather', 'get', 'forecast')),
  syn('air pollution', t('openweather', 'get', 'air_quality')),
  // Concept only: no server name, no word of the tool's name.
  syn('coupon', t('shopify', 'create', 'discount_code')),
  syn('tfstate', t('terraform', 'create', 'state_version')),
  syn('csat survey', t('zendesk', 'create', 'satisfaction_rating')),
  syn('otp 2fa', t('twilio', 'create', 'verification')),
  { query: `select:${t('github', 'create', 'issue')}`, expected: [t('github', 'create', 'issue')], kind: 'select' },
  { query: `select:${t('slack', 'create', 'message')},${t('jira', 'create', 'issue')}`, expected: [t('slack', 'create', 'message'), t('jira', 'create', 'issue')], kind: 'select' },
  { query: t('stripe', 'create', 'refund'), expected: [t('stripe', 'create', 'refund')], kind: 'exact' },
  { query: '+stripe refund create', expected: [t('stripe', 'create', 'refund')], kind: 'required' },
  { query: '+kubernetes +pod delete', expected: [t('kubernetes', 'delete', 'pod')], kind: 'required' },
  { query: 'mcp__github__list', expected: ['issue', 'pull_request', 'repository', 'branch', 'commit'].map((resource) => t('github', 'list', resource)), kind: 'prefix' },
];
