/**
 * The parameter form's store: the form state, its validation on every change, the size/time estimate,
 * presets, and opening/saving spec files through the platform.
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import { PRESETS } from '../../../shared/experiments/presets.ts';
import { parseSpec, SpecError, type ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { platform } from '../platform/index.ts';
import { DEFAULT_NODE_RATE, estimateRun, machineCores } from '../logic/estimate.ts';
import { judgeEstimate } from '../../../shared/experiments/estimate-words.ts';
import { defaultForm, specToForm, validateForm, type FormState } from '../logic/spec-form.ts';
import { specFileName, specFileText } from '../logic/files.ts';

export const useSpecStore = defineStore('spec', () => {
  // (typed by hand: Vue's deep unwrapping of the recursive draft type is too deep for the compiler)
  const form = reactive(defaultForm() as object) as FormState;
  /** the host's worker count (appInfo), for the time estimate */
  const workers = ref(1);
  /** nodes per second per worker, measured by the last finished run (else a default) */
  const nodeRate = ref(DEFAULT_NODE_RATE);
  const nodeRateMeasured = ref(false);
  const message = ref<{ kind: 'info' | 'error'; text: string } | null>(null);
  const presetName = ref('');

  const validation = computed(() => validateForm(form));
  const estimate = computed(() =>
    validation.value.spec ? estimateRun(validation.value.spec, workers.value, nodeRate.value) : null,
  );
  /** ok, long (ask before starting) or impossible (Start disabled), with the estimate in words */
  const verdict = computed(() =>
    estimate.value ? judgeEstimate(estimate.value.seconds, estimate.value.cpuSeconds, machineCores()) : null,
  );

  function setForm(f: FormState): void {
    Object.assign(form, f);
  }

  function applyPreset(name: string): void {
    const p = PRESETS.find((x) => x.name === name);
    if (!p) return;
    presetName.value = name;
    setForm(specToForm(parseSpec(p.spec())));
    message.value = { kind: 'info', text: `Preset “${p.name}”: ${p.title} (${p.source})` };
  }

  function loadSpec(spec: ExperimentSpec, from: string): void {
    presetName.value = '';
    setForm(specToForm(spec));
    message.value = { kind: 'info', text: `Loaded ${from}` };
  }

  async function openSpecFile(): Promise<void> {
    try {
      const f = await platform().openSpecFile();
      if (!f) return;
      loadSpec(parseSpec(f.text), f.name);
    } catch (e) {
      message.value = {
        kind: 'error',
        text:
          e instanceof SpecError
            ? `That spec file is not valid: ${e.message}`
            : `Could not open the spec file: ${(e as Error).message}`,
      };
    }
  }

  async function saveSpecFile(): Promise<void> {
    const spec = validation.value.spec;
    if (!spec) {
      message.value = { kind: 'error', text: 'Fix the highlighted fields before saving the spec.' };
      return;
    }
    const r = await platform().saveFile({
      suggestedName: specFileName(spec),
      content: specFileText(spec),
      encoding: 'utf8',
    });
    if (r.saved) message.value = { kind: 'info', text: `Saved ${r.path ?? specFileName(spec)}` };
  }

  function recordRate(nodesPerSecondPerWorker: number): void {
    if (Number.isFinite(nodesPerSecondPerWorker) && nodesPerSecondPerWorker > 0) {
      nodeRate.value = nodesPerSecondPerWorker;
      nodeRateMeasured.value = true;
    }
  }

  return {
    form,
    workers,
    nodeRate,
    nodeRateMeasured,
    message,
    presetName,
    validation,
    estimate,
    verdict,
    setForm,
    applyPreset,
    loadSpec,
    openSpecFile,
    saveSpecFile,
    recordRate,
  };
});
