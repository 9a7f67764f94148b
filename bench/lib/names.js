// Word lists for generated names. Every exported identifier also carries its module id, so names
// are unique across the repository and `export *` chains never collide.
export const FEATURES = [
  'orders',
  'billing',
  'auth',
  'users',
  'catalog',
  'search',
  'cart',
  'checkout',
  'shipping',
  'inventory',
  'payments',
  'reports',
  'settings',
  'notifications',
  'accounts',
  'teams',
  'projects',
  'tasks',
  'comments',
  'files',
  'audit',
  'metrics',
  'pricing',
  'invoices',
  'sessions',
  'webhooks',
  'exports',
  'imports',
  'scheduler',
  'workflows',
  'forms',
  'layout',
  'routing',
  'i18n',
  'theme',
  'analytics',
  'feedback',
  'onboarding',
  'admin',
  'support',
];

export const SUBFEATURES = ['model', 'api', 'ui', 'store', 'internal', 'adapters', 'hooks', 'rules'];

export const NOUNS = [
  'cart',
  'invoice',
  'session',
  'token',
  'user',
  'order',
  'item',
  'price',
  'address',
  'report',
  'filter',
  'query',
  'cursor',
  'page',
  'event',
  'message',
  'channel',
  'job',
  'task',
  'schedule',
  'policy',
  'role',
  'grant',
  'quota',
  'limit',
  'metric',
  'counter',
  'record',
  'entry',
  'ledger',
  'batch',
  'import',
  'export',
  'template',
  'field',
  'form',
  'view',
  'panel',
  'table',
  'column',
  'chart',
  'badge',
  'label',
  'locale',
  'currency',
  'tax',
  'discount',
  'coupon',
  'refund',
  'payout',
  'account',
  'team',
  'member',
  'invite',
  'comment',
  'thread',
  'file',
  'folder',
  'upload',
  'webhook',
];

export const SUFFIXES = [
  'service',
  'store',
  'model',
  'client',
  'schema',
  'mapper',
  'utils',
  'types',
  'handler',
  'policy',
  'cache',
  'queue',
  'router',
  'validator',
  'formatter',
  'parser',
  'builder',
  'factory',
  'adapter',
  'repo',
];

export const VERBS = [
  'create',
  'get',
  'parse',
  'format',
  'build',
  'load',
  'save',
  'validate',
  'compute',
  'resolve',
  'merge',
  'normalize',
  'serialize',
  'apply',
  'select',
  'update',
  'remove',
  'sort',
  'group',
  'map',
];

export const HOTSPOTS = ['strings', 'assert', 'result', 'log', 'types', 'ids', 'dates', 'errors'];

export const pascal = (s) =>
  s
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
export const camel = (s) => {
  const p = pascal(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/**
 * A documentation page in `section` whose slug no earlier page took, titled after the slug:
 * the naming both generated doc sets use (the same random draws, so their output is unchanged).
 */
export function uniqueDoc(rnd, section, used) {
  let slug = `${rnd.pick(FEATURES)}-${rnd.pick(NOUNS)}`;
  while (used.has(`${section}/${slug}`)) slug = `${slug}-${rnd.int(2, 9)}`;
  used.add(`${section}/${slug}`);
  return {
    path: `docs/${section}/${slug}.md`,
    title: pascal(slug)
      .replace(/([A-Z])/g, ' $1')
      .trim(),
  };
}
