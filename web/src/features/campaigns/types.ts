import type { components } from '@/types/schema';

/** Campaign domain shapes, from the generated OpenAPI types. */
type S = components['schemas'];

export type Initiative = S['Initiative'];
export type Tag = S['Tag'];
export type UserListItem = S['UserListItem'];
export type Question = S['Question'];
export type CampaignStatus = S['CampaignStatus'];
export type CampaignType = S['CampaignType'];
export type Visibility = S['Visibility'];
export type Mode = S['RecordingMode'];
export type Language = S['Language'];
export type CampaignSummary = S['CampaignSummary'];
export type ReminderSettings = S['ReminderSettings'];
export type Campaign = S['Campaign'];
export type CampaignSort = S['CampaignSort'];
export type CampaignListResponse = S['CampaignList'];
export type ParticipantLists = S['ParticipantList'];
export type MessageResponse = S['Message'];

/** The fields of the details form, as POST /campaign/add takes them. */
export type CampaignInput = {
  initiativeId: string;
  title: string;
  description: string;
  type: CampaignType;
  visibility: Visibility;
  mode: Mode;
  language: Language;
  deadline: string | null;
  expiryDate: string | null;
  tags: string[];
  reminders: ReminderSettings;
};
