/**
 * Import name → distribution name. Python imports a module (`yaml`) and manifests declare a
 * distribution (`PyYAML`); the two names agree after PEP 503 normalisation for most projects
 * (`typing_extensions` → `typing-extensions`) but not all. In order of certainty:
 *   1. a virtual environment in the repository says which installed distribution provides the
 *      name (its `top_level.txt` or `RECORD`, read by discover/python-env.ts);
 *   2. the table below of well-known mismatches, some with several candidates (`cv2` is provided
 *      by opencv-python and its headless and contrib builds) — the declared one is chosen;
 *   3. the import name itself, PEP 503-normalised.
 * The table is deliberately short: a name missing from it falls back to 3, which is right for
 * most distributions; an entry costs nothing when the repository does not import it.
 */
import type { InstalledDistribution } from '../discover/python-env.js';
import { normaliseDistribution } from '../extract/python-manifest.js';

/** Import name (a top-level name, or a dotted prefix under a shared namespace) → distributions. */
export const WELL_KNOWN_DISTRIBUTIONS: Readonly<Record<string, readonly string[]>> = {
  attr: ['attrs'],
  bs4: ['beautifulsoup4'],
  Bio: ['biopython'],
  cairo: ['pycairo'],
  Crypto: ['pycryptodome', 'pycrypto'],
  Cryptodome: ['pycryptodomex'],
  cv2: ['opencv-python', 'opencv-python-headless', 'opencv-contrib-python', 'opencv-contrib-python-headless'],
  dateutil: ['python-dateutil'],
  discord: ['discord.py'],
  dns: ['dnspython'],
  docx: ['python-docx'],
  dotenv: ['python-dotenv'],
  fitz: ['PyMuPDF'],
  gi: ['PyGObject'],
  git: ['GitPython'],
  github: ['PyGithub'],
  'google.protobuf': ['protobuf'],
  grpc: ['grpcio'],
  jose: ['python-jose'],
  jwt: ['PyJWT'],
  kafka: ['kafka-python'],
  ldap: ['python-ldap'],
  magic: ['python-magic'],
  memcache: ['python-memcached'],
  mpl_toolkits: ['matplotlib'],
  multipart: ['python-multipart'],
  MySQLdb: ['mysqlclient'],
  nacl: ['PyNaCl'],
  OpenSSL: ['pyOpenSSL'],
  PIL: ['Pillow'],
  pkg_resources: ['setuptools'],
  pptx: ['python-pptx'],
  psycopg2: ['psycopg2', 'psycopg2-binary'],
  _pytest: ['pytest'],
  serial: ['pyserial'],
  skimage: ['scikit-image'],
  sklearn: ['scikit-learn'],
  slugify: ['python-slugify'],
  socketio: ['python-socketio'],
  telegram: ['python-telegram-bot'],
  usb: ['pyusb'],
  win32api: ['pywin32'],
  wx: ['wxPython'],
  yaml: ['PyYAML'],
  zmq: ['pyzmq'],
};

export interface Distribution {
  /** The distribution as its project spells it (`PyYAML`), or the import name for `name`. */
  name: string;
  /** PEP 503-normalised: the node key and what manifests are compared by. */
  normalised: string;
  via: 'installed' | 'table' | 'name';
  /** For `installed`: the metadata file that lists the import name. */
  source?: string;
}

/** The distribution an absolute import of `module` (dotted, no leading dots) comes from. */
export type DistributionLookup = (module: string) => { distribution: Distribution; declared: boolean };

export function distributionLookup(
  installed: readonly InstalledDistribution[],
  declared: ReadonlySet<string>,
): DistributionLookup {
  const byImport = new Map<string, InstalledDistribution[]>();
  for (const d of installed)
    for (const name of d.imports) {
      const list = byImport.get(name) ?? [];
      list.push(d);
      byImport.set(name, list);
    }
  return (module) => {
    const parts = module.split('.');
    const top = parts[0]!;
    const candidates: Distribution[] = [];
    for (const d of byImport.get(top) ?? [])
      candidates.push({
        name: d.name,
        normalised: normaliseDistribution(d.name),
        via: 'installed',
        source: d.source,
      });
    // The longest dotted prefix in the table: `google.protobuf` before a bare `google`.
    for (let n = parts.length; n > 0 && candidates.length === 0; n--)
      for (const name of WELL_KNOWN_DISTRIBUTIONS[parts.slice(0, n).join('.')] ?? [])
        candidates.push({ name, normalised: normaliseDistribution(name), via: 'table' });
    candidates.push({ name: top, normalised: normaliseDistribution(top), via: 'name' });
    // A declared candidate wins: several distributions may provide one namespace (`google`), and
    // the project's own name for the module (psycopg2-binary) is the one it installs.
    const chosen = candidates.find((c) => declared.has(c.normalised)) ?? candidates[0]!;
    return { distribution: chosen, declared: declared.has(chosen.normalised) };
  };
}
