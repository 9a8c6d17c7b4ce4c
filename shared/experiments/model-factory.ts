/** The Game for tree `tree` of an experiment, and the expected tree size: both from the model registry. */
export { makeModelGame as makeGame } from '../models/registry.ts';
