import { MODEL_FEATURES, type ModelCapabilities, type ModelFeature } from '../providers/types.ts';

/**
 * What an agent tree (a top-level agent and its subagents) learned of its model server's features, and the
 * `MODEL_FEATURE_UNSUPPORTED` warnings it owes: at most one per feature, whoever in the tree met it first.
 */
export interface ModelFeatureLearning {
  /** The features a server refused: left out of every later request of the tree. */
  readonly learned: ReadonlySet<ModelFeature>;
  /** Records that the server refused `feature`; `warning` is owed unless the feature was warned about already. False when it was known. */
  learn(feature: ModelFeature, warning: string): boolean;
  /** Owes `warning` for `feature` unless the tree warned about it already (a declared feature that was dropped). */
  warn(feature: ModelFeature, warning: string): void;
  /** Whether warnings are owed (checked before every request: no array made when none are). */
  owesWarnings(): boolean;
  /** The warnings owed, each given once: the top-level agent yields them (a subagent's events do not reach the caller). */
  takeWarnings(): string[];
}

/** Every feature on: a client given without a provider (its server is assumed to be Anthropic's API). */
export const ALL_CAPABILITIES: ModelCapabilities = Object.freeze(Object.fromEntries(MODEL_FEATURES.map((feature) => [feature, true])) as Record<ModelFeature, boolean>);

// Keyed by the tree's shared object (the spending tree's root, which a top-level agent and all its subagents
// share and nothing else does), so that learning needs no field of its own on every agent and scope.
const learnings = new WeakMap<object, ModelFeatureLearning>();

/** The learning of the agent tree `tree` stands for, made on first use. */
export function modelFeatureLearning(tree: object): ModelFeatureLearning {
  let learning = learnings.get(tree);
  if (!learning) learnings.set(tree, (learning = createModelFeatureLearning()));
  return learning;
}

/** `declared` with every learned feature off. */
export function withLearned(declared: ModelCapabilities, learned: ReadonlySet<ModelFeature>): ModelCapabilities {
  if (learned.size === 0) return declared;
  return Object.fromEntries(MODEL_FEATURES.map((feature) => [feature, declared[feature] && !learned.has(feature)])) as Record<ModelFeature, boolean>;
}

function createModelFeatureLearning(): ModelFeatureLearning {
  const learned = new Set<ModelFeature>();
  const warned = new Set<ModelFeature>();
  const owed: string[] = [];
  const warn = (feature: ModelFeature, warning: string) => {
    if (warned.has(feature)) return;
    warned.add(feature);
    owed.push(warning);
  };
  return {
    learned,
    learn(feature, warning) {
      if (learned.has(feature)) return false;
      learned.add(feature);
      warn(feature, warning);
      return true;
    },
    warn,
    owesWarnings: () => owed.length > 0,
    takeWarnings: () => owed.splice(0),
  };
}
