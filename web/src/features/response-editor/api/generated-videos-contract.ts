/**
 * The generated-video types of the API (`POST /generated-videos/save`, the lists, approval and delete),
 * named for the editor's components. They come from the generated client, so a change of the API's
 * contract fails the typecheck here.
 */
import type { components } from '@/types/schema';

type Schemas = components['schemas'];
export type Captions = Schemas['Captions'];
export type Clip = Schemas['Clip'];
export type Edit = Schemas['Edit'];
export type GeneratedVideoStatus = Schemas['GeneratedVideoStatus'];
export type GeneratedVideo = Schemas['GeneratedVideo'];
export type GeneratedVideoPage = Schemas['GeneratedVideoPage'];
