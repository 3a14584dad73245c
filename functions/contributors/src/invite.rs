//! Inviting a collaborator to a campaign: one contributor per address in the
//! organisation, one membership per campaign, a personal link by e-mail.

use storyhive_shared::{
    auth,
    campaigns::{
        records::CampaignStatus,
        repo::{CampaignParts, TenantCatalog},
        rules as campaign_rules, write,
    },
    contributors::{
        dto::{invite_link, CampaignContributor},
        records::{ContributorEmailClaim, ContributorRecord, MembershipRecord, VideoConfig},
        rules,
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

/// The organisation's contributor with this address, created if new.
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
        let claim_key = keys::contributor_email(tenant_id, &person.email);
        let claim = ContributorEmailClaim {
            pk: claim_key.pk,
            sk: claim_key.sk,
            entity_type: "ContributorEmailClaim".into(),
            contributor_id,
        };
        match store.transact(vec![store.put_new_op(&claim)?, store.put_new_op(&record)?]).await {
            Ok(()) => return Ok(record),
            // Someone invited the same address at the same moment: use theirs.
            Err(StoreError::ConditionFailed) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(ApiError::Conflict("This address is being invited right now. Please try again.".into()))
}

pub fn invitation_mail(
    context: &AppContext,
    membership: &MembershipRecord,
    campaign_title: &str,
    company: Option<String>,
) -> Option<MailMessage> {
    let key = membership.invite_key.as_deref()?;
    Some(MailMessage::Invitation {
        to: membership.email.clone(),
        first_name: membership.first_name.clone(),
        campaign_title: campaign_title.to_string(),
        company_name: company,
        link: invite_link(&context.config.app_base_url, membership, key),
    })
}

pub struct Invited {
    pub contributor: CampaignContributor,
    pub made_live: bool,
}

/// Invites `person` to the campaign and mails their link. The first invitation of a
/// draft campaign makes it live (if it is ready to be).
pub async fn invite(context: &AppContext, tenant_id: &str, campaign_id: &str, person: &Person) -> ApiResult<Invited> {
    let store = &context.store;
    let (parts, catalog) = tokio::try_join!(CampaignParts::require(store, tenant_id, campaign_id), async {
        Ok(TenantCatalog::load(store, tenant_id).await?)
    },)?;
    if !catalog.has_initiative(&parts.campaign.initiative_id) {
        return Err(ApiError::NotFound(campaign_rules::CAMPAIGN_NOT_FOUND.into()));
    }
    let mut campaign = parts.campaign.clone();
    if campaign_rules::effective_status(&campaign, campaign_rules::today()) == CampaignStatus::Expired {
        return Err(ApiError::BadRequest(
            "This campaign has expired: extend its expiry date before inviting collaborators".into(),
        ));
    }
    let contributor = contributor_for(context, tenant_id, person).await?;
    if parts.memberships.iter().any(|m| m.contributor_id == contributor.contributor_id) {
        return Err(ApiError::Conflict(rules::ALREADY_INVITED.into()));
    }
    let mut ops = Vec::new();
    let made_live = campaign.status == CampaignStatus::Draft;
    if made_live {
        if let Some(blocker) = write::publish_blockers(&parts, campaign_rules::today()).first() {
            return Err(ApiError::BadRequest((*blocker).into()));
        }
        write::go_live(&mut campaign);
        campaign.updated_at = model::timestamp(model::now());
        ops.push(store.update_fields_versioned_op(
            &campaign.key(),
            &campaign,
            write::EDITABLE_FIELDS,
            campaign.version,
        )?);
    }
    let at = model::timestamp(model::now());
    let key = keys::membership(tenant_id, campaign_id, &contributor.contributor_id);
    let membership = MembershipRecord {
        pk: key.pk,
        sk: key.sk,
        gsi1pk: keys::campaigns_of_contributor_gsi1(tenant_id, &contributor.contributor_id),
        gsi1sk: campaign_id.to_string(),
        entity_type: MembershipRecord::ENTITY.into(),
        tenant_id: tenant_id.into(),
        campaign_id: campaign_id.into(),
        contributor_id: contributor.contributor_id.clone(),
        email: contributor.email.clone(),
        first_name: person.first_name.clone(),
        last_name: person.last_name.clone(),
        invite_key: Some(auth::new_secret()),
        invited_at: at.clone(),
        details_submitted: false,
        started_journey: false,
        started_at: None,
        submitted_at: None,
        video_config: VideoConfig::default(),
        updated_at: at,
    };
    ops.push(store.put_new_op(&membership)?);
    ops.push(store.update_op(&contributor.key(), |u| {
        u.update_expression("ADD campaignCount :one")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_values(":one", storyhive_shared::storage::AttributeValue::N("1".into()))
    })?);
    match store.transact(ops).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(ApiError::Conflict(
                if made_live { campaign_rules::CAMPAIGN_CHANGED } else { rules::ALREADY_INVITED }.into(),
            ))
        }
        Err(other) => return Err(other.into()),
    }
    let company = catalog.tenant.as_ref().and_then(|t| t.company_name.clone());
    if let Some(mail) = invitation_mail(context, &membership, &campaign.title, company) {
        context.mail.send(&mail).await?;
    }
    Ok(Invited {
        contributor: CampaignContributor::new(
            &membership,
            Some(&contributor),
            0,
            parts.questions.len(),
            &context.config.app_base_url,
        ),
        made_live,
    })
}
