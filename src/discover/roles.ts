/** What a file is, decided by its name alone; decides which extractors run on it. */
import type { FileRole } from '../model/facts.js';

const CODE = /\.(?:[cm]?[jt]sx?|py|go|rs)$/i;
// The name patterns below are matched against the file's name alone, anchored at both ends: a
// pattern that may start at any `/` of the whole path tried every position of every listed path.
/** Python project manifests: pyproject.toml and pip requirements files. */
const PYTHON_MANIFEST = /^(?:pyproject\.toml|requirements[\s\S]*\.txt)$/;
const DOC = /\.(?:md|mdx|markdown)$/i;
const ASSET =
  /\.(?:css|scss|sass|less|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|eot|wasm|json|html|txt|yaml|yml)$/i;
const CONFIG_NAMES =
  /^(?:tsconfig(?:\.[\s\S]*)?\.json|jsconfig\.json|pnpm-workspace\.yaml|proofmap\.config\.(?:json|ya?ml)|\.gitignore|CODEOWNERS)$/;

/** Go manifests: go.mod and go.work. */
const GO_MANIFEST = /^go\.(?:mod|work)$/;

export function fileRole(path: string): FileRole {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'package.json' || name === 'Cargo.toml') return 'manifest';
  if (PYTHON_MANIFEST.test(name)) return 'manifest';
  if (GO_MANIFEST.test(name)) return 'manifest';
  if (CONFIG_NAMES.test(name)) return 'config';
  if (CODE.test(name)) return 'code';
  if (DOC.test(name)) return 'doc';
  if (ASSET.test(name)) return 'asset';
  return 'other';
}
