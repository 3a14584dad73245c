//! Inviting a collaborator to a campaign: one contributor per address in the
//! organisation, one membership per campaign, a personal link by e-mail. Only a hash of
//! the link's key is stored; the link itself is shown once, in the answer that made it.

use storyhive_shared::{
    auth,
    campaigns::{
        listing,
        records::CampaignStatus,
        repo::{self, CampaignParts},
        rules as campaign_rules, write,
    },
    contributors::{
        access,
        dto::{invite_link, CampaignContributor},
        records::{ContributorEmailClaim, ContributorRecord, MembershipRecord, VideoConfig},
        reminders, rules, unsubscribe, write as collaborators,
    },
    mail::MailMessage,
    model,
    storage::{keys, StoreError},
    validation::{self, Errors},
    ApiError, ApiResult, AppContext,
};

pub struct Person {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

/// Checks an invitee's address and names with the spec's rules.
pub fn checked_person(email: &str, first_name: &str, last_name: &str) -> ApiResult<Person> {
    let mut errors = Errors::default();
    let email = errors.check("email", validation::email(email, "Please enter an email address"));
    let first_name = errors.check("firstName", validation::person_name(first_name, "First name"));
    let last_name = errors.check("lastName", validation::person_name(last_name, "Last name"));
    errors.finish()?;
    Ok(Person {
        email: email.unwrap_or_default(),
        first_name: first_name.unwrap_or_default(),
        last_name: last_name.unwrap_or_default(),
    })
}

/// The organisation's contributor with this address, created (and indexed for search)
/// if new.
pub async fn contributor_for(context: &AppContext, tenant_id: &str, person: &Person) -> ApiResult<ContributorRecord> {
    let store = &context.store;
    for _attempt in 0..3 {
        if let Some(claim) =
            store.get::<ContributorEmailClaim>(&keys::contributor_email(tenant_id, &person.email)).await?
        {
            if let Some(existing) =
                store.get::<ContributorRecord>(&keys::contributor(tenant_id, &claim.contributor_id)).await?
            {
                return Ok(existing);
            }
        }
        let at = model::timestamp(model::now());
        let contributor_id = model::new_id();
        let key = keys::contributor(tenant_id, &contributor_id);
        let record = ContributorRecord {
            pk: key.pk,
            sk: key.sk,
            entity_type: ContributorRecord::ENTITY.into(),
            tenant_id: tenant_id.into(),
            contributor_id: contributor_id.clone(),
            email: person.email.clone(),
            first_name: person.first_name.clone(),
            last_name: person.last_name.clone(),
            is_suspended: false,
            campaign_count: 0,
            created_at: at.clone(),
            updated_at: at,
        };
        // Someone invited the same address at the same moment: use theirs.
        if collaborators::collaborator_created(store, &record).await? {
            return Ok(record);
        }
    }
    Err(ApiError::Conflict("This address is being invited right now. Please try again.".into()))
}

/// A new invitation key: the key for the link, and what is stored of it.
pub fn new_key() -> (String, String) {
    let key = auth::new_secret();
    let hash = access::key_hash(&key);
    (key, hash)
}

pub async fn invitation_mail(
    context: &AppContext,
    membership: &MembershipRecord,
    key: &str,
    parts: &CampaignParts,
    company: Option<String>,
) -> ApiResult<MailMessage> {
    let unsubscribe = unsubscribe::link_for(
        &context.store,
        &context.config.app_base_url,
        &membership.tenant_id,
        &membership.contributor_id,
    )
    .await?;
    Ok(MailMessage::Invitation {
        to: membership.email.clone(),
        first_name: membership.first_name.clone(),
        campaign_title: parts.campaign.title.clone(),
        company_name: company,
        link: invite_link(&context.config.app_base_url, membership, key),
        deadline: parts.campaign.deadline.clone(),
        minutes: parts.estimated_minutes(),
        language: parts.campaign.language,
        unsubscribe: Some(unsubscribe),
    })
}

/// The organisation's name, for e-mails.
pub async fn company_name(context: &AppContext, tenant_id: &str) -> ApiResult<Option<String>> {
    Ok(repo::tenant(&context.store, tenant_id).await?.and_then(|t| t.company_name))
}

/// Gives a membership a new key: the previous link stops working. With
/// `keep_revoked`, a revoked link (no key) stays revoked. Returns the updated membership
/// and the new key; `None` when the membership is gone (or revoked, with `keep_revoked`).
pub async fn rotate_key(
    context: &AppContext,
    membership: &MembershipRecord,
    keep_revoked: bool,
) -> ApiResult<Option<(MembershipRecord, String)>> {
    let (key, hash) = new_key();
    Ok(collaborators::key_replaced(&context.store, &membership.key(), &hash, keep_revoked)
        .await?
        .map(|updated| (updated, key)))
}

/// Who asks for a new link: staff (an unsubscribed collaborator is not e-mailed; staff
/// share the link themselves), or the collaborator on an open campaign's sign-up page (they
/// asked for the e-mail, which is sent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AskedBy {
    Staff,
    Collaborator,
}

/// Gives a membership a new key (the previous link stops working) and e-mails the new
/// link, unless staff asked and the collaborator unsubscribed. Returns the updated
/// membership, the link and whether it was e-mailed.
pub async fn send_new_link(
    context: &AppContext,
    membership: &MembershipRecord,
    parts: &CampaignParts,
    asked_by: AskedBy,
) -> ApiResult<(MembershipRecord, String, bool)> {
    let (updated, key) =
        rotate_key(context, membership, false).await?.ok_or_else(|| ApiError::NotFound(rules::NOT_INVITED.into()))?;
    // A new invitation: the reminders' keys stop working, their schedule starts again.
    reminders::reinvited(&context.store, &parts.campaign, &updated).await?;
    let mailed = asked_by == AskedBy::Collaborator
        || !unsubscribe::is_unsubscribed(&context.store, &updated.tenant_id, &updated.contributor_id).await?;
    if mailed {
        let company = company_name(context, &membership.tenant_id).await?;
        context.mail.send(&invitation_mail(context, &updated, &key, parts, company).await?).await?;
    }
    let link = invite_link(&context.config.app_base_url, &updated, &key);
    Ok((updated, link, mailed))
}

pub struct Invited {
    pub contributor: CampaignContributor,
    pub made_live: bool,
    /// The invitation was e-mailed (not when the collaborator unsubscribed and staff invited).
    pub mailed: bool,
}

/// Invites `person` to the campaign and mails their link. The first invitation of a
/// draft campaign makes it live (if it is ready to be).
pub async fn invite(
    context: &AppContext,
    tenant_id: &str,
    campaign_id: &str,
    person: &Person,
    asked_by: AskedBy,
) -> ApiResult<Invited> {
    let store = &context.store;
    let (parts, _) = CampaignParts::require_visible(store, tenant_id, campaign_id).await?;
    let before = parts.campaign.clone();
    let mut campaign = parts.campaign.clone();
    if campaign_rules::effective_status(&campaign, campaign_rules::today()) == CampaignStatus::Expired {
        return Err(ApiError::BadRequest(
            "This campaign has expired: extend its expiry date before inviting collaborators".into(),
        ));
    }
    let contributor = contributor_for(context, tenant_id, person).await?;
    if storyhive_shared::contributors::repo::membership(store, tenant_id, campaign_id, &contributor.contributor_id)
        .await?
        .is_some()
    {
        return Err(ApiError::Conflict(rules::ALREADY_INVITED.into()));
    }
    let mut ops = Vec::new();
    let made_live = campaign.status == CampaignStatus::Draft;
    if made_live {
        if let Some(blocker) = write::publish_blockers(&parts, campaign_rules::today()).first() {
            return Err(ApiError::BadRequest((*blocker).into()));
        }
        write::go_live(&mut campaign);
        campaign.version += 1;
        campaign.updated_at = model::timestamp(model::now());
        ops.push(store.update_fields_versioned_op(
            &campaign.key(),
            &campaign,
            write::EDITABLE_FIELDS,
            before.version,
        )?);
        ops.extend(listing::index_ops(store, Some(&before), Some(&campaign))?);
    }
    let at = model::timestamp(model::now());
    let (key, hash) = new_key();
    let membership_key = keys::membership(tenant_id, campaign_id, &contributor.contributor_id);
    let membership = MembershipRecord {
        pk: membership_key.pk,
        sk: membership_key.sk,
        gsi1pk: keys::campaigns_of_contributor_gsi1(tenant_id, &contributor.contributor_id),
        gsi1sk: campaign_id.to_string(),
        entity_type: MembershipRecord::ENTITY.into(),
        tenant_id: tenant_id.into(),
        campaign_id: campaign_id.into(),
        contributor_id: contributor.contributor_id.clone(),
        email: contributor.email.clone(),
        first_name: person.first_name.clone(),
        last_name: person.last_name.clone(),
        invite_key_hash: Some(hash),
        invited_at: at.clone(),
        details_submitted: false,
        started_journey: false,
        started_at: None,
        submitted_at: None,
        opened_at: None,
        first_answer_at: None,
        first_submitted_at: None,
        video_config: VideoConfig::default(),
        answered_count: 0,
        updated_at: at,
    };
    // Its reminders, due as the campaign's schedule says.
    ops.push(store.put_new_op(&reminders::for_invitation(&campaign, &membership))?);
    match collaborators::invited(store, &membership, ops).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(ApiError::Conflict(
                if made_live { campaign_rules::CAMPAIGN_CHANGED } else { rules::ALREADY_INVITED }.into(),
            ))
        }
        Err(other) => return Err(other.into()),
    }
    // Someone who unsubscribed from an organisation's e-mails is not e-mailed by its staff
    // again: the answer carries the link for staff to share.
    let unsubscribed = unsubscribe::is_unsubscribed(store, tenant_id, &contributor.contributor_id).await?;
    let mailed = asked_by == AskedBy::Collaborator || !unsubscribed;
    if mailed {
        let company = company_name(context, tenant_id).await?;
        context.mail.send(&invitation_mail(context, &membership, &key, &parts, company).await?).await?;
    }
    let link = invite_link(&context.config.app_base_url, &membership, &key);
    let mut invited = CampaignContributor::new(&membership, Some(&contributor), parts.questions.len(), Some(link));
    invited.unsubscribed = unsubscribed;
    Ok(Invited { contributor: invited, made_live, mailed })
}
