/** Every detector, by the check it settles. Order is the order of the calibration report. */
import { binDetector, scriptDetector } from './behaviour.js';
import { subcommandDetector } from './command.js';
import { headingDetector, pathDetector } from './existence.js';
import { flagDetector } from './flag.js';
import { packageDetector } from './package.js';
import { dependencyDetector, importDetector } from './relation.js';
import { enginesDetector } from './state.js';
import { exportDetector, symbolDetector } from './structure.js';
import type { Check, Detector } from './types.js';

export type { Decision, Detector } from './types.js';

export type DetectorSet = { [C in Check]: Detector<C> };

export const DETECTORS: DetectorSet = {
  path: pathDetector,
  heading: headingDetector,
  export: exportDetector,
  symbol: symbolDetector,
  import: importDetector,
  script: scriptDetector,
  bin: binDetector,
  dependency: dependencyDetector,
  engines: enginesDetector,
  flag: flagDetector,
  subcommand: subcommandDetector,
  package: packageDetector,
};
