/**
 * The plain number fields of the studies' request schemas: checked here for type only (a number, an
 * integer); the study's computation checks the range and names the field.
 */
import { z } from 'zod';

export const num = z.number();
export const int = z.number().int();
