/** The built-in demo service: see server.ts. */
export { startDemoService, DEFAULT_DEMO_SEED } from './server';
export {
  HOSTILE_STRINGS,
  HOSTILE_LONG_TEXT,
  HOSTILE_MARKUP,
  HOSTILE_LINKS,
  HOSTILE_FORMULAS,
  HOSTILE_MARKDOWN,
  HOSTILE_UNICODE,
} from './hostile';
export { FAULT_KINDS } from './types';
export type {
  DemoControl,
  DemoPlan,
  DemoRequestRecord,
  DemoService,
  DemoServiceOptions,
  DemoTeam,
  DemoTeamInfo,
  DemoTeamStatus,
  FaultKind,
  FaultRule,
} from './types';
