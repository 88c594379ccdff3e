// The measures of a document the operation limits bound, in one walk linear in the document's size.
import {
  getOperationAST,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Counts stop growing here: a document whose fragments spread each other twice, level after level,
 * expands to 2^levels of everything; such counts are refused by the limits, not computed.
 */
export const COUNT_CAP = 1_000_000_000;

/** What a selection set (a fragment, an operation) amounts to once its fragment spreads are expanded. */
export interface SelectionShape {
  /** Levels of fields below it (an introspection field counts as one level here). */
  readonly depth: number;
  /** Levels under __schema / __type, the introspection fields included. */
  readonly introspectionDepth: number;
  /** Aliases and directives, counted at each use: a fragment spread twice counts its own twice. */
  readonly aliases: number;
  readonly directives: number;
  /** Selections visited by a walk that expands every spread (what the cost estimate visits). */
  readonly nodes: number;
  /** Fields at its top level, fragments included, __typename not: the mutations of a mutation operation. */
  readonly topFields: number;
}

const EMPTY: SelectionShape = {
  depth: 0,
  introspectionDepth: 0,
  aliases: 0,
  directives: 0,
  nodes: 0,
  topFields: 0,
};

const add = (a: number, b: number): number => Math.min(COUNT_CAP, a + b);

/** The measures of one document: each fragment is measured once, whatever the number of its spreads. */
export class DocumentShape {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly measured = new Map<string, SelectionShape>();
  private readonly measuring = new Set<string>();
  private readonly mutationCounts = new Map<string, number>();

  constructor(private readonly document: DocumentNode) {
    for (const def of document.definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(def.name.value, def);
  }

  /**
   * Depth and introspection depth (the deepest operation), aliases and directives (every operation, their
   * own directives included) of the whole document.
   */
  whole(): Pick<SelectionShape, 'depth' | 'introspectionDepth' | 'aliases' | 'directives'> {
    let depth = 0;
    let introspectionDepth = 0;
    let aliases = 0;
    let directives = 0;
    for (const def of this.document.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      const s = this.ofSet(def.selectionSet);
      depth = Math.max(depth, s.depth);
      introspectionDepth = Math.max(introspectionDepth, s.introspectionDepth);
      aliases = add(aliases, s.aliases);
      directives = add(directives, add(s.directives, def.directives?.length ?? 0));
    }
    return { depth, introspectionDepth, aliases, directives };
  }

  /** The operations the cost estimate walks: the one named, or every one when no name is given. */
  operations(operationName: string | null | undefined): OperationDefinitionNode[] {
    return this.document.definitions.filter(
      (d): d is OperationDefinitionNode =>
        d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
    );
  }

  /** Selections the cost estimate would visit for the operation(s) run. */
  nodes(operationName: string | null | undefined): number {
    return this.operations(operationName).reduce((n, op) => add(n, this.ofSet(op.selectionSet).nodes), 0);
  }

  /** How many mutations the operation runs (its root fields, fragments included); 0 for a query. */
  mutations(operationName: string | null | undefined): number {
    const name = operationName ?? '';
    let n = this.mutationCounts.get(name);
    if (n === undefined) {
      const operation = getOperationAST(this.document, operationName);
      n =
        operation?.operation === OperationTypeNode.MUTATION
          ? this.ofSet(operation.selectionSet).topFields
          : 0;
      this.mutationCounts.set(name, n);
    }
    return n;
  }

  private ofFragment(name: string): SelectionShape {
    const known = this.measured.get(name);
    if (known) return known;
    const fragment = this.fragments.get(name);
    // Validation refuses unknown and cyclic spreads; were one to come here, it would add nothing.
    if (!fragment || this.measuring.has(name)) return EMPTY;
    this.measuring.add(name);
    const shape = this.ofSet(fragment.selectionSet);
    this.measuring.delete(name);
    this.measured.set(name, shape);
    return shape;
  }

  private ofSet(set: SelectionSetNode): SelectionShape {
    let depth = 0;
    let introspectionDepth = 0;
    let aliases = 0;
    let directives = 0;
    let nodes = 0;
    let topFields = 0;
    for (const sel of set.selections) {
      directives = add(directives, sel.directives?.length ?? 0);
      nodes = add(nodes, 1);
      let below: SelectionShape;
      if (sel.kind === Kind.FIELD) {
        below = sel.selectionSet ? this.ofSet(sel.selectionSet) : EMPTY;
        if (sel.alias) aliases = add(aliases, 1);
        if (sel.name.value !== '__typename') topFields = add(topFields, 1);
        if (sel.name.value === '__schema' || sel.name.value === '__type') {
          // Introspection fields exist only on the root: their subtree has a bound of its own.
          introspectionDepth = Math.max(introspectionDepth, 1 + below.depth);
          depth = Math.max(depth, 1);
        } else {
          depth = Math.max(depth, 1 + below.depth);
        }
      } else {
        below =
          sel.kind === Kind.INLINE_FRAGMENT ? this.ofSet(sel.selectionSet) : this.ofFragment(sel.name.value);
        depth = Math.max(depth, below.depth);
        topFields = add(topFields, below.topFields);
      }
      introspectionDepth = Math.max(introspectionDepth, below.introspectionDepth);
      aliases = add(aliases, below.aliases);
      directives = add(directives, below.directives);
      nodes = add(nodes, below.nodes);
    }
    return { depth, introspectionDepth, aliases, directives, nodes, topFields };
  }
}

// Measured once per parsed document: Apollo and graphql-ws hand the same document to every request that
// sends the same text, and the limits and the rate limits both ask.
const shapes = new WeakMap<DocumentNode, DocumentShape>();

export function shapeOf(document: DocumentNode): DocumentShape {
  let shape = shapes.get(document);
  if (!shape) shapes.set(document, (shape = new DocumentShape(document)));
  return shape;
}
