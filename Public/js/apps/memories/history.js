// Undo and redo for the editor. Each step is what was done and what undoes it, worked out from
// the page as it was just before (canvas-model.js inverseOf). Undoing sends the inverse as new
// operations, so on a shared page the friend sees the undo like any other change, and an undo
// never reaches back into what the friend did.
const MAX = 200;

/** createHistory({ commit(ops) }) -> { push(step, mergeKey?), undo(), redo(), canUndo, canRedo, onChange(fn) }. */
export function createHistory({ commit }) {
  const done = [];
  const undone = [];
  const listeners = new Set();
  const changed = () => listeners.forEach((fn) => fn());
  const strip = (ops) => ops.map(({ opId, ...op }) => structuredClone(op)); // fresh op ids on every replay

  return {
    /**
     * step: { forward: ops, inverse: ops }. mergeKey: a step with the same key as the last one
     * (typing into one text) becomes part of it, undone together.
     */
    push(step, mergeKey = null) {
      if (!step.inverse.length && !step.forward.length) return;
      const last = done[done.length - 1];
      if (mergeKey && last?.mergeKey === mergeKey && !undone.length) {
        last.forward = strip(step.forward);
      } else {
        done.push({ forward: strip(step.forward), inverse: strip(step.inverse), mergeKey });
        if (done.length > MAX) done.shift();
      }
      undone.length = 0;
      changed();
    },
    /** Ends merging: the next step stands on its own even with the same key. */
    seal() {
      const last = done[done.length - 1];
      if (last) last.mergeKey = null;
    },
    undo() {
      const step = done.pop();
      if (!step) return false;
      commit(strip(step.inverse));
      undone.push(step);
      changed();
      return true;
    },
    redo() {
      const step = undone.pop();
      if (!step) return false;
      commit(strip(step.forward));
      done.push({ ...step, mergeKey: null });
      changed();
      return true;
    },
    get canUndo() { return done.length > 0; },
    get canRedo() { return undone.length > 0; },
    onChange(fn) { listeners.add(fn); return () => listeners.delete(fn); },
  };
}
