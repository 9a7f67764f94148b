/** What a file is, decided by its name alone; decides which extractors run on it. */
import type { FileRole } from '../model/facts.js';

const CODE = /\.(?:[cm]?[jt]sx?|py|go|rs)$/i;
/** Python project manifests: pyproject.toml and pip requirements files. */
const PYTHON_MANIFEST = /(?:^|\/)(?:pyproject\.toml|requirements[^/]*\.txt)$/;
const DOC = /\.(?:md|mdx|markdown)$/i;
const ASSET =
  /\.(?:css|scss|sass|less|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|eot|wasm|json|html|txt|yaml|yml)$/i;
const CONFIG_NAMES =
  /(?:^|\/)(?:tsconfig(?:\.[^/]*)?\.json|jsconfig\.json|pnpm-workspace\.yaml|proofmap\.config\.(?:json|ya?ml)|\.gitignore|CODEOWNERS)$/;

/** Go manifests: go.mod and go.work. */
const GO_MANIFEST = /(?:^|\/)go\.(?:mod|work)$/;

export function fileRole(path: string): FileRole {
  if (path === 'package.json' || path.endsWith('/package.json')) return 'manifest';
  if (PYTHON_MANIFEST.test(path)) return 'manifest';
  if (GO_MANIFEST.test(path)) return 'manifest';
  if (path === 'Cargo.toml' || path.endsWith('/Cargo.toml')) return 'manifest';
  if (CONFIG_NAMES.test(path)) return 'config';
  if (CODE.test(path)) return 'code';
  if (DOC.test(path)) return 'doc';
  if (ASSET.test(path)) return 'asset';
  return 'other';
}
