//! The e-mails collaborators receive (invitation, re-record request, reminder), in the
//! campaign's language. Staff e-mails stay English (`super::MailMessage::render`).

/// The language a collaborator's e-mail is written in: the campaign's.
pub use crate::language::Language as MailLanguage;

impl MailLanguage {
    pub fn is_right_to_left(self) -> bool {
        self == Self::Arabic
    }

    pub(super) fn words(self) -> &'static Words {
        match self {
            Self::English => &ENGLISH,
            Self::Spanish => &SPANISH,
            Self::French => &FRENCH,
            Self::German => &GERMAN,
            Self::Portuguese => &PORTUGUESE,
            Self::Arabic => &ARABIC,
        }
    }

    /// `2030-06-01` as the language writes it ("1 June 2030", "1 de junio de 2030", ...).
    pub fn long_date(self, day: &str) -> Option<String> {
        let date = time::Date::parse(day.trim(), &time::macros::format_description!("[year]-[month]-[day]")).ok()?;
        let month = self.words().months[usize::from(u8::from(date.month())) - 1];
        let (d, y) = (date.day(), date.year());
        Some(match self {
            // "1er juin": French writes the first of the month as an ordinal.
            Self::French if d == 1 => format!("1er {month} {y}"),
            Self::English | Self::French | Self::Arabic => format!("{d} {month} {y}"),
            Self::Spanish | Self::Portuguese => format!("{d} de {month} de {y}"),
            Self::German => format!("{d}. {month} {y}"),
        })
    }
}

/// Everything a collaborator's e-mail says, in one language. `{company}`, `{name}`,
/// `{title}`, `{minutes}`, `{date}` and `{questions}` are filled in.
pub(super) struct Words {
    pub months: [&'static str; 12],
    pub hello: &'static str,
    pub invite_subject_company: &'static str,
    pub invite_subject: &'static str,
    pub invite_body: &'static str,
    pub someone: &'static str,
    pub minutes_one: &'static str,
    pub minutes_many: &'static str,
    pub answer_by: &'static str,
    pub personal: &'static str,
    pub open_invitation: &'static str,
    pub re_record_subject: &'static str,
    pub re_record_body: &'static str,
    pub record_again: &'static str,
    pub reminder_subject: &'static str,
    pub reminder_body: &'static str,
    pub continue_answers: &'static str,
    pub paste: &'static str,
    pub why: &'static str,
    pub unsubscribe: &'static str,
}

const ENGLISH: Words = Words {
    months: [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ],
    hello: "Hello {name},",
    invite_subject_company: "{company} invites you to share your story",
    invite_subject: "You are invited to share your story",
    invite_body: "{company} invites you to answer a few questions on video for \"{title}\". You can record on your phone or computer, with a teleprompter to help you, and practise first.",
    someone: "A Storyhive organisation",
    minutes_one: "It takes about 1 minute.",
    minutes_many: "It takes about {minutes} minutes.",
    answer_by: "Please send your answers by {date}.",
    personal: "This link is personal: it opens your own answers, so please do not share it.",
    open_invitation: "Open my invitation",
    re_record_subject: "Please record a few answers again",
    re_record_body: "The team behind \"{title}\" would like you to record these answers again: {questions}.",
    record_again: "Record again",
    reminder_subject: "A reminder: your story for \"{title}\"",
    reminder_body: "{company} is still looking forward to your answers for \"{title}\". It only takes a few minutes, and you can pick up where you left off.",
    continue_answers: "Continue my answers",
    paste: "Or paste this address into your browser:",
    why: "You receive this e-mail because you were invited to take part in \"{title}\".",
    unsubscribe: "Unsubscribe from these e-mails",
};

const SPANISH: Words = Words {
    months: [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
        "diciembre",
    ],
    hello: "Hola, {name}:",
    invite_subject_company: "{company} te invita a compartir tu historia",
    invite_subject: "Te invitamos a compartir tu historia",
    invite_body: "{company} te invita a responder unas preguntas en vídeo para «{title}». Puedes grabar desde el móvil o el ordenador, con un teleprompter que te ayuda, y practicar antes.",
    someone: "Una organización de Storyhive",
    minutes_one: "Se tarda alrededor de 1 minuto.",
    minutes_many: "Se tarda alrededor de {minutes} minutos.",
    answer_by: "Envía tus respuestas antes del {date}.",
    personal: "Este enlace es personal: abre tus propias respuestas, así que no lo compartas.",
    open_invitation: "Abrir mi invitación",
    re_record_subject: "Por favor, vuelve a grabar algunas respuestas",
    re_record_body: "El equipo de «{title}» te pide que vuelvas a grabar estas respuestas: {questions}.",
    record_again: "Grabar de nuevo",
    reminder_subject: "Recordatorio: tu historia para «{title}»",
    reminder_body: "{company} sigue esperando tus respuestas para «{title}». Solo te llevará unos minutos y puedes continuar donde lo dejaste.",
    continue_answers: "Continuar con mis respuestas",
    paste: "O copia esta dirección en tu navegador:",
    why: "Recibes este correo porque te invitaron a participar en «{title}».",
    unsubscribe: "Darme de baja de estos correos",
};

const FRENCH: Words = Words {
    months: [
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
        "décembre",
    ],
    hello: "Bonjour {name},",
    invite_subject_company: "{company} vous invite à partager votre histoire",
    invite_subject: "Vous êtes invité·e à partager votre histoire",
    invite_body: "{company} vous invite à répondre à quelques questions en vidéo pour « {title} ». Vous pouvez enregistrer sur votre téléphone ou votre ordinateur, avec un prompteur pour vous aider, et vous entraîner d'abord.",
    someone: "Une organisation Storyhive",
    minutes_one: "Cela prend environ 1 minute.",
    minutes_many: "Cela prend environ {minutes} minutes.",
    answer_by: "Merci d'envoyer vos réponses avant le {date}.",
    personal: "Ce lien est personnel : il ouvre vos propres réponses, merci de ne pas le partager.",
    open_invitation: "Ouvrir mon invitation",
    re_record_subject: "Merci d'enregistrer à nouveau quelques réponses",
    re_record_body: "L'équipe de « {title} » aimerait que vous enregistriez à nouveau ces réponses : {questions}.",
    record_again: "Enregistrer à nouveau",
    reminder_subject: "Petit rappel : votre histoire pour « {title} »",
    reminder_body: "{company} attend toujours vos réponses pour « {title} ». Cela ne prend que quelques minutes, et vous reprenez là où vous vous étiez arrêté·e.",
    continue_answers: "Reprendre mes réponses",
    paste: "Ou collez cette adresse dans votre navigateur :",
    why: "Vous recevez cet e-mail parce que vous avez été invité·e à participer à « {title} ».",
    unsubscribe: "Ne plus recevoir ces e-mails",
};

const GERMAN: Words = Words {
    months: [
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
        "Dezember",
    ],
    hello: "Hallo {name},",
    invite_subject_company: "{company} lädt Sie ein, Ihre Geschichte zu erzählen",
    invite_subject: "Sie sind eingeladen, Ihre Geschichte zu erzählen",
    invite_body: "{company} lädt Sie ein, für „{title}“ ein paar Fragen per Video zu beantworten. Sie können mit dem Handy oder am Computer aufnehmen, mit einem Teleprompter als Hilfe, und vorher üben.",
    someone: "Eine Storyhive-Organisation",
    minutes_one: "Das dauert etwa 1 Minute.",
    minutes_many: "Das dauert etwa {minutes} Minuten.",
    answer_by: "Bitte senden Sie Ihre Antworten bis zum {date}.",
    personal: "Dieser Link ist persönlich: Er öffnet Ihre eigenen Antworten. Bitte geben Sie ihn nicht weiter.",
    open_invitation: "Meine Einladung öffnen",
    re_record_subject: "Bitte nehmen Sie einige Antworten noch einmal auf",
    re_record_body: "Das Team von „{title}“ bittet Sie, diese Antworten noch einmal aufzunehmen: {questions}.",
    record_again: "Noch einmal aufnehmen",
    reminder_subject: "Erinnerung: Ihre Geschichte für „{title}“",
    reminder_body: "{company} freut sich weiterhin auf Ihre Antworten für „{title}“. Es dauert nur wenige Minuten, und Sie machen dort weiter, wo Sie aufgehört haben.",
    continue_answers: "Mit meinen Antworten weitermachen",
    paste: "Oder kopieren Sie diese Adresse in Ihren Browser:",
    why: "Sie erhalten diese E-Mail, weil Sie zur Teilnahme an „{title}“ eingeladen wurden.",
    unsubscribe: "Diese E-Mails abbestellen",
};

const PORTUGUESE: Words = Words {
    months: [
        "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro",
        "dezembro",
    ],
    hello: "Olá, {name},",
    invite_subject_company: "{company} convida você a compartilhar sua história",
    invite_subject: "Você está convidado a compartilhar sua história",
    invite_body: "{company} convida você a responder algumas perguntas em vídeo para \"{title}\". Você pode gravar no celular ou no computador, com um teleprompter para ajudar, e praticar antes.",
    someone: "Uma organização da Storyhive",
    minutes_one: "Leva cerca de 1 minuto.",
    minutes_many: "Leva cerca de {minutes} minutos.",
    answer_by: "Envie suas respostas até {date}.",
    personal: "Este link é pessoal: ele abre as suas respostas, por isso não o compartilhe.",
    open_invitation: "Abrir meu convite",
    re_record_subject: "Por favor, grave algumas respostas novamente",
    re_record_body: "A equipe de \"{title}\" gostaria que você gravasse estas respostas novamente: {questions}.",
    record_again: "Gravar novamente",
    reminder_subject: "Lembrete: sua história para \"{title}\"",
    reminder_body: "{company} continua esperando suas respostas para \"{title}\". Leva só alguns minutos, e você continua de onde parou.",
    continue_answers: "Continuar minhas respostas",
    paste: "Ou cole este endereço no seu navegador:",
    why: "Você recebe este e-mail porque foi convidado a participar de \"{title}\".",
    unsubscribe: "Cancelar a inscrição nestes e-mails",
};

const ARABIC: Words = Words {
    months: [
        "يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر",
    ],
    hello: "مرحبًا {name}،",
    invite_subject_company: "{company} تدعوك لمشاركة قصتك",
    invite_subject: "أنت مدعو لمشاركة قصتك",
    invite_body: "تدعوك {company} للإجابة عن بعض الأسئلة بالفيديو من أجل «{title}». يمكنك التسجيل من هاتفك أو حاسوبك، مع جهاز تلقين يساعدك، والتدرّب أولًا.",
    someone: "إحدى مؤسسات Storyhive",
    minutes_one: "يستغرق ذلك دقيقة واحدة تقريبًا.",
    minutes_many: "المدة التقريبية بالدقائق: {minutes}.",
    answer_by: "يُرجى إرسال إجاباتك قبل {date}.",
    personal: "هذا الرابط شخصي: فهو يفتح إجاباتك أنت، لذا يُرجى عدم مشاركته.",
    open_invitation: "فتح دعوتي",
    re_record_subject: "يُرجى تسجيل بعض الإجابات مرة أخرى",
    re_record_body: "يودّ فريق «{title}» أن تعيد تسجيل هذه الإجابات: {questions}.",
    record_again: "التسجيل مرة أخرى",
    reminder_subject: "تذكير: قصتك من أجل «{title}»",
    reminder_body: "ما زالت {company} تنتظر إجاباتك من أجل «{title}». لن يستغرق ذلك سوى بضع دقائق، ويمكنك المتابعة من حيث توقفت.",
    continue_answers: "متابعة إجاباتي",
    paste: "أو الصق هذا العنوان في متصفحك:",
    why: "تصلك هذه الرسالة لأنك دُعيت للمشاركة في «{title}».",
    unsubscribe: "إلغاء الاشتراك في هذه الرسائل",
};

/// Fills `{name}`-style placeholders.
pub(super) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_string(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_as_each_language_writes_them() {
        assert_eq!(MailLanguage::English.long_date("2030-06-01").as_deref(), Some("1 June 2030"));
        assert_eq!(MailLanguage::Spanish.long_date("2030-06-01").as_deref(), Some("1 de junio de 2030"));
        assert_eq!(MailLanguage::French.long_date("2030-08-15").as_deref(), Some("15 août 2030"));
        assert_eq!(MailLanguage::French.long_date("2030-08-01").as_deref(), Some("1er août 2030"));
        assert_eq!(MailLanguage::German.long_date("2030-03-02").as_deref(), Some("2. März 2030"));
        assert_eq!(MailLanguage::Portuguese.long_date("2030-12-31").as_deref(), Some("31 de dezembro de 2030"));
        assert_eq!(MailLanguage::Arabic.long_date("2030-06-01").as_deref(), Some("1 يونيو 2030"));
        assert_eq!(MailLanguage::English.long_date("soon"), None);
    }
}
