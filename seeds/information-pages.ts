import type { Kysely } from "kysely";
import type { DB } from "../app/db.server";
import { storeFile } from "../app/files/files.server";
import facts from "./data/institutional-facts.json";
import { drawContentImage, drawProfileBanner, type ArtPalette } from "./institutional-art";

/**
 * Demo content of the information pages (content_pages, keyed by path) and of the three
 * profile records. Facts come from seeds/data/institutional-facts.json; the prose is written
 * here. Insert-if-missing by path / key.
 */

const list = (items: string[]) => items.map((item) => `- ${item}`).join("\n");
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const number = (value: number) => new Intl.NumberFormat("es-MX").format(value);
const longDate = (iso: string) => new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));
const figure = (label: string) => {
  const found = facts.hospitalFigures.find((f) => f.label === label);
  if (!found) throw new Error(`Missing hospital figure: ${label}`);
  return found.value as number;
};

const transparencyUnit = facts.residency.registration.privacyNotice.transparencyUnit;
const address = "Dr. Márquez No. 162, Col. Doctores, Alcaldía Cuauhtémoc, C.P. 06720, Ciudad de México";

interface PageSeed {
  path: string;
  title: string;
  navLabel?: string;
  summary: string;
  body: string;
  section?: string;
  parent?: { label: string; href: string };
  profileKey?: string;
}

// ---------------------------------------------------------------------------------------------
// Privacy notices: one full notice per processing of personal data done on this site.

function arcoSection(): string {
  return `## Cómo ejercer sus derechos ARCO

Usted tiene derecho a **Acceder** a sus datos personales y a conocer cómo los tratamos, a **Rectificarlos** cuando sean inexactos o estén incompletos, a **Cancelarlos** cuando considere que no se requieren para las finalidades señaladas, y a **Oponerse** a su tratamiento para fines específicos. También puede solicitar la portabilidad de sus datos cuando proceda.

Para ejercerlos, presente una solicitud:

- en la Unidad de Transparencia del hospital, ${transparencyUnit.location}, ${address}, de ${transparencyUnit.days}, de ${transparencyUnit.hours} horas;
- por correo electrónico a [${transparencyUnit.email}](mailto:${transparencyUnit.email});
- o en la [Plataforma Nacional de Transparencia](https://www.plataformadetransparencia.org.mx/).

Su solicitud debe indicar su nombre y un medio para recibir notificaciones, los documentos que acrediten su identidad (y, en su caso, la de su representante), la descripción clara de los datos y del derecho que desea ejercer, y cualquier otro elemento que facilite localizar sus datos. Si se trata de datos de una niña, un niño o un adolescente, la solicitud la presenta su madre, padre o tutor. El trámite es gratuito; sólo podrían cobrarse los costos de reproducción o envío. La Unidad de Transparencia le responderá dentro de los plazos que establece la Ley y, si la respuesta no le satisface, puede presentar un recurso de revisión ante la autoridad garante en materia de protección de datos personales.`;
}

function notice(input: {
  heading: string;
  purpose: string;
  data: string[];
  sensitive?: string;
  uses: string[];
  secondary?: string;
  transfers: string;
  retention: string;
}): string {
  return `## ${input.heading}

**Responsable.** El Hospital Infantil de México Federico Gómez, Instituto Nacional de Salud, con domicilio en ${address}, es responsable del tratamiento de los datos personales que usted proporcione, los cuales serán protegidos conforme a la Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados y demás normativa aplicable.

**Para qué usamos sus datos.** ${input.purpose}

${list(input.uses)}

${input.secondary ?? "No usamos sus datos para finalidades distintas de las señaladas."}

**Datos que recabamos.**

${list(input.data)}

${input.sensitive ?? "No recabamos datos personales sensibles para esta finalidad."}

**Transferencias.** ${input.transfers}

**Conservación.** ${input.retention}

**Fundamento.** Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados, y el Estatuto Orgánico del Hospital Infantil de México Federico Gómez.`;
}

function privacyBody(): string {
  const others = facts.privacyNotices.items.map((item) => `- [${item.title}](${item.url}) (PDF)`).join("\n");
  return `El Hospital Infantil de México Federico Gómez es una institución pública federal. Por eso, todo lo que hacemos con sus datos personales se rige por la **Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados**. En esta página encontrará el aviso de privacidad integral de cada trámite de este sitio en el que le pedimos datos personales, y cómo ejercer sus derechos de acceso, rectificación, cancelación y oposición (derechos ARCO).

${notice({
  heading: "Aviso de privacidad integral: registro e inscripción a cursos",
  purpose: "Usamos los datos que nos da al crear su cuenta y al inscribirse a un curso de educación médica continua para:",
  uses: [
    "crear y administrar su cuenta en el sitio;",
    "inscribirle al curso, asignar su lugar y darle acceso a las sesiones;",
    "calcular el precio que le corresponde según su perfil (personal del hospital, estudiante o externo);",
    "registrar su pago, o su solicitud de factura (CFDI) cuando la pida;",
    "emitir su constancia de participación y permitir que cualquier persona verifique su autenticidad con el folio;",
    "enviarle por correo electrónico la información del curso.",
  ],
  secondary:
    "De manera adicional, y sólo si usted lo acepta, usaremos su correo para informarle de otros cursos. Puede negarse en cualquier momento escribiendo a la Unidad de Transparencia; su negativa no afecta su inscripción.",
  data: [
    "nombre completo, edad, nacionalidad y entidad de residencia;",
    "correo electrónico y teléfono;",
    "grado académico, profesión, institución de procedencia y si concluyó sus estudios;",
    "perfil de participante y, para personal del hospital y estudiantes, el número de credencial;",
    "datos fiscales (RFC, nombre o razón social, régimen fiscal, código postal) sólo si pide factura.",
  ],
  transfers:
    "No transferimos sus datos sin su consentimiento, salvo las transferencias necesarias para atender requerimientos de una autoridad competente debidamente fundados y motivados. Cuando pide factura, sus datos fiscales se comunican al Servicio de Administración Tributaria por mandato legal. El banco que procesa los pagos con tarjeta recibe sus datos de pago directamente; el hospital no conoce ni guarda el número de su tarjeta.",
  retention:
    "Conservamos los datos de su cuenta mientras esté activa y los registros de inscripción, pago y constancias durante el plazo que fijan las disposiciones de archivo y contables aplicables.",
})}

${notice({
  heading: "Aviso de privacidad integral: donativos",
  purpose: "Usamos los datos que nos proporciona al hacer un donativo para:",
  uses: [
    "registrar y procesar su donativo;",
    "emitir el comprobante fiscal (CFDI) cuando lo solicite;",
    "conciliar el pago con el banco y rendir cuentas de los donativos recibidos;",
    "agradecerle y, si lo solicita, informarle el destino de su donativo.",
  ],
  data: [
    "nombre completo y, si lo adjunta, la carta de motivos de su donativo;",
    "importe y referencia del pago;",
    "correo electrónico para enviarle el comprobante;",
    "datos fiscales y constancia de situación fiscal, sólo si pide factura.",
  ],
  transfers:
    "Sus datos fiscales se comunican al Servicio de Administración Tributaria para la emisión del comprobante, por mandato legal, y pueden entregarse a los órganos de fiscalización que revisan el uso de los recursos públicos. No hacemos otras transferencias sin su consentimiento.",
  retention: "Conservamos los registros de donativos durante el plazo que fijan las disposiciones fiscales y de archivo aplicables.",
})}

${notice({
  heading: "Aviso de privacidad integral: revisión de documentos de participantes",
  purpose:
    "Al personal del hospital y a los estudiantes les pedimos copia de su credencial (por ambos lados) para comprobar su perfil; a los profesionales externos, su cédula profesional. Usamos estos documentos para:",
  uses: [
    "verificar que le corresponde el precio o la gratuidad de su perfil;",
    "validar su inscripción y la emisión de su constancia;",
    "avisarle por correo electrónico si su documento fue aprobado o, si no, la razón.",
  ],
  data: [
    "imagen de su credencial de trabajo o de estudiante, o de su cédula profesional;",
    "los datos que esos documentos muestran (nombre, fotografía, número de credencial o de cédula, institución y vigencia).",
  ],
  sensitive:
    "La fotografía de su credencial es un dato personal que tratamos con medidas de seguridad reforzadas: los documentos se guardan en un área privada, sólo los consulta el personal de la Dirección de Enseñanza que revisa las inscripciones, y nunca se publican.",
  transfers: "No transferimos estos documentos. Sólo se entregarían a una autoridad competente que los requiera de forma fundada y motivada.",
  retention:
    "Conservamos los documentos mientras dure el curso y el plazo necesario para aclarar su constancia; después se eliminan conforme a las disposiciones de archivo aplicables.",
})}

${arcoSection()}

## Cambios a estos avisos

Cualquier cambio a estos avisos de privacidad se publicará en esta misma página. Cada formulario del sitio que recaba datos personales muestra un aviso breve con un enlace a esta página.

## Otros avisos de privacidad integrales del hospital

${others}`;
}

// ---------------------------------------------------------------------------------------------

function residencyPages(): PageSeed[] {
  const r = facts.residency;
  const parent = { label: "Convocatoria", href: "/convocatoria" };
  const section = "convocatoria";
  const wf = r.welcomeFacts;
  const pdf = r.subNavigation.find((item) => item.label === "Convocatoria PDF")!.hrefVariants![0]!;
  const flow = r.subNavigation.find((item) => item.label === "Flujograma")!.hrefVariants![0]!;
  const reg = r.registration;
  const c = r.contacts;
  return [
    {
      path: "/convocatoria",
      title: "Convocatoria para aspirantes a cursos de especialización 2025",
      navLabel: "Convocatoria",
      section,
      summary:
        "Residencias médicas en el Hospital Infantil de México Federico Gómez: pediatría, genética, especialidades pediátricas y cursos de alta especialidad con aval de la UNAM.",
      body: `El ${r.institutionLongName} fue, en ${wf.founded}, el primer Instituto Nacional de Salud del país. Desde entonces formamos especialistas en pediatría: egresan ${wf.specialistsGraduatingPerYear} cada año y más de 80 de nuestros investigadores pertenecen al Sistema Nacional de Investigadores.

## Qué ofrecemos

- ${wf.trunkDirectEntryCourses} cursos de posgrado de ramas troncales y de entrada directa;
- ${wf.pediatricSpecialties} especialidades pediátricas;
- ${wf.highSpecialtyCourses} cursos de posgrado de alta especialidad;
- la posibilidad de cursar en paralelo una maestría o un doctorado;
- el aval de la ${wf.universityEndorsement}.

## Categorías de registro

${list(r.programmes.registrationCategories)}

## Especialidades pediátricas

${list(r.programmes.especialidadesPediatricas.map((name) => upperFirst(name.toLowerCase())))}

## Documentos de la convocatoria

- [Convocatoria completa (PDF)](${pdf})
- [Flujograma del proceso (PDF)](${flow})

Le damos la bienvenida. Lea con atención los [avisos](/convocatoria/avisos), el [registro en línea](/convocatoria/registro) y las [preguntas frecuentes](/convocatoria/preguntas-frecuentes) antes de iniciar su trámite.`,
    },
    {
      path: "/convocatoria/avisos",
      title: "Avisos de la convocatoria",
      navLabel: "Avisos",
      section,
      parent,
      summary: "Avisos importantes para aspirantes a las residencias médicas del Hospital Infantil de México Federico Gómez.",
      body: `${r.notices.map((n) => `- **${longDate(n.date)}.** ${n.text}.`).join("\n")}
- No se recibe documentación incompleta ni se reprograman entrevistas.
- No se reciben documentos escaneados, por correo electrónico ni por fax.

Revise esta página con frecuencia: aquí publicamos cualquier cambio de fechas del proceso.`,
    },
    {
      path: "/convocatoria/registro",
      title: "Registro en línea de aspirantes",
      navLabel: "Registro en línea",
      section,
      parent,
      summary: "Cómo hacer el registro en línea a las residencias médicas: documentos que debe tener a la mano y reglas para llenar el formulario.",
      body: `El registro toma de ${reg.estimatedMinutes.replace("(sin límite de tiempo)", "minutos, sin límite de tiempo")}. Antes de empezar, tenga a la mano:

${list(reg.documentsToHaveAtHand)}

## Al llenar el formulario

${list(reg.rules.map(upperFirst))}

El formulario tiene estas secciones: ${reg.formSections.join(", ")}.

## Soporte técnico

De ${reg.techSupport.days}, de ${reg.techSupport.hours} horas, al teléfono ${reg.techSupport.phone}, con ${reg.techSupport.contact}.

Sus datos se tratan conforme al aviso de privacidad de la convocatoria; la responsable es la ${reg.privacyNotice.responsible}. Consulte nuestros [avisos de privacidad](/avisos-de-privacidad).`,
    },
    {
      path: "/convocatoria/descargas",
      title: "Descargas para aspirantes",
      navLabel: "Descargas",
      section,
      parent,
      summary: "Formatos para aspirantes a residencias médicas: carta de selección, currículum y convenio.",
      body: `Descargue, llene e imprima los formatos que entregará con su documentación:

${r.downloads.map((d) => `- [${d.title.replace(/ \(descargar\)$/, "")}](${d.url}) (${d.fileType.toUpperCase()})`).join("\n")}`,
    },
    {
      path: "/convocatoria/preguntas-frecuentes",
      title: "Preguntas frecuentes de la convocatoria",
      navLabel: "Preguntas frecuentes",
      section,
      parent,
      summary: "Respuestas a las dudas más comunes de las personas aspirantes a residencias médicas.",
      body: r.faq
        .map((item) => {
          const question = item.question.startsWith("Problema") ? "Tuve un problema al enviar el registro en línea, ¿qué hago?" : item.question;
          const answer = item.question.startsWith("¿Dónde puedo consultar")
            ? "Consulte nuestros [avisos de privacidad](/avisos-de-privacidad)."
            : `${item.keyFacts.map(upperFirst).join(". ")}.`;
          return `### ${question}\n\n${answer}`;
        })
        .join("\n\n"),
    },
    {
      path: "/convocatoria/informes",
      title: "Informes de la convocatoria",
      navLabel: "Informes",
      section,
      parent,
      summary: "Dónde y con quién resolver sus dudas sobre la convocatoria a residencias médicas.",
      body: `**${c.office}**  
${c.address}

Conmutador: ${c.switchboard}, extensiones ${c.extensions.join(", ")}. Fax: ${c.fax}.

## Personas de contacto

${c.people.map((p) => `- **${p.name}**, ${p.role.charAt(0).toLowerCase()}${p.role.slice(1)}: [${p.email}](mailto:${p.email})`).join("\n")}`,
    },
  ];
}

function enrolmentPages(): PageSeed[] {
  const e = facts.enrolmentInfo;
  const parent = { label: "Educación de Pre y Posgrado", href: "/direccion/pre-y-posgrado" };
  const section = "inscripcion";
  const upload = (u: { maxSizeMB: number; compressTools: { label: string; url: string }[] }) =>
    `Reúna todos los documentos en **un solo archivo PDF** de máximo ${u.maxSizeMB} MB. Si su archivo pesa más, puede comprimirlo con una herramienta gratuita en línea, por ejemplo [iLovePDF](${u.compressTools[0]!.url}).`;
  const contact = (k: { name: string; area: string; email: string; phone: string; extension: string }) =>
    `## Contacto\n\n${k.name}, ${k.area}: [${k.email}](mailto:${k.email}), teléfono 55 5228 9917, extensión ${k.extension}.`;
  const regulations = [...e.offerPageSections.Pregrado, ...e.offerPageSections.Posgrado].filter((l) => l.href.startsWith("https://"));
  return [
    {
      path: "/inscripcion-pre-y-posgrado/pregrado",
      title: e.pregrado.title,
      navLabel: "Pregrado",
      section,
      parent,
      summary: "Requisitos para hacer servicio social, prácticas profesionales, estancias o tesis en el Hospital Infantil de México Federico Gómez.",
      body: `Recibimos a estudiantes de licenciatura que desean hacer su servicio social, prácticas profesionales, una estancia o su tesis en alguno de nuestros servicios.

## Documentos

${list(e.pregrado.documents)}

${upload(e.pregrado.upload)}

## Obligaciones durante su estancia

${list(e.pregrado.rules.obligations.map(upperFirst))}

## Sanciones

${list(e.pregrado.rules.sanctions.map(upperFirst))}

Son causa de baja inmediata: ${e.pregrado.rules.immediateDismissalCauses.join("; ")}.

**${upperFirst(e.pregrado.notice.toLowerCase()).replace("hospital infantil de méxico federico gómez", "Hospital Infantil de México Federico Gómez")}.**

${contact(e.pregrado.contact)}

Consulte el [reglamento de pregrado y médicos internos (PDF)](${regulations[0]!.href}).`,
    },
    {
      path: "/inscripcion-pre-y-posgrado/internos",
      title: e.internos.title,
      navLabel: "Internos de pregrado",
      section,
      parent,
      summary: "Registro y reglas para médicos internos de pregrado en el Hospital Infantil de México Federico Gómez.",
      body: `El internado médico de pregrado en el hospital se hace bajo la supervisión de médicos adscritos y residentes.

## Documentos

${list(e.internos.documents)}

${upload(e.internos.upload)}

## Reglas para médicos internos de pregrado

${list(e.pregrado.rules.medicoInternoDePregrado.map(upperFirst))}

**El Hospital Infantil de México Federico Gómez no otorga ningún tipo de beca ni estacionamiento.**

${contact(e.internos.contact)}`,
    },
    {
      path: "/inscripcion-pre-y-posgrado/posgrado",
      title: "Médicos residentes en rotación",
      navLabel: "Posgrado: rotantes",
      section,
      parent,
      summary: "Requisitos y lineamientos para médicos residentes de otras sedes que rotan por el Hospital Infantil de México Federico Gómez.",
      body: `Los médicos residentes de otras sedes pueden rotar por nuestros servicios. Para registrarse llene la ${e.posgrado.title.toLowerCase()} y envíe sus documentos.

## Documentos

${list(e.posgrado.documents)}

${upload(e.posgrado.upload)}

## ${upperFirst(e.posgrado.rules.title.toLowerCase())}

${list(e.posgrado.rules.items.map(upperFirst))}

**El Hospital Infantil de México Federico Gómez no otorga ningún tipo de beca ni estacionamiento.**

${contact(e.posgrado.contact)}

## Reglamentos

${regulations
  .slice(1)
  .map((l) => `- [${l.label} (PDF)](${l.href})`)
  .join("\n")}`,
    },
  ];
}

function otherPages(): PageSeed[] {
  const req = facts.firstVisitRequirements;
  const h = facts.history;
  const v = facts.volunteering;
  const b = facts.boardOfTrustees;
  const g = facts.generalDirection;
  const scp = facts.sesionClinicoPatologica;
  return [
    {
      path: "/especialidades",
      title: "Especialidades",
      summary: "Especialidades médicas y quirúrgicas pediátricas del Hospital Infantil de México Federico Gómez, con enlace a cada servicio.",
      body: `El hospital atiende a niñas, niños y adolescentes en más de treinta especialidades médicas y quirúrgicas. Elija una para conocer qué hace el servicio y cómo recibir atención.

${facts.specialties.map((s) => `- [${s.name}](${s.href})`).join("\n")}

Para ser atendido por primera vez, revise los [requisitos para la consulta de primera vez](/requisitos).`,
    },
    {
      path: "/requisitos",
      title: req.title,
      summary:
        "Requisitos para que su hija o hijo sea valorado por primera vez en el Hospital Infantil de México Federico Gómez, reglas de hospitalización y derechos de los pacientes.",
      body: `## Requisitos

${req.requirements.map((r) => `- **${upperFirst(r.label.toLowerCase())}:** ${r.fact}.`).join("\n")}

## Niveles de atención

El hospital es de tercer nivel: atiende padecimientos de alta complejidad. Los demás se atienden en el nivel que corresponde:

${list(req.careLevels)}

## Cómo es la valoración

${req.valuationSteps.map((s, i) => `${i + 1}. ${upperFirst(s)}.`).join("\n")}

## Reglas para pacientes hospitalizados y sus familias

${list(req.hospitalRules.map((r) => `${upperFirst(r.replace("(LGPDPPSO)", "(Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados)"))}.`))}

## El alta hospitalaria

${list(req.discharge.map((r) => `${upperFirst(r)}.`))}

## Consulta externa

${list(req.outpatientRules.map((r) => `${upperFirst(r)}.`))}

## Quejas y sugerencias

Acuda a ${req.complaintsOffice.place}, de ${req.complaintsOffice.days}, de ${req.complaintsOffice.hours} horas. ${req.communityCentre}.

## Derechos de los pacientes

${req.patientRights.map((r, i) => `${i + 1}. ${r}.`).join("\n")}`,
    },
    {
      path: "/el-instituto-y-su-historia",
      title: "El instituto y su historia",
      summary: `Historia del Hospital Infantil de México Federico Gómez, inaugurado el 30 de abril de 1943: sus fundadores, su evolución y sus logros.`,
      body: `## ${h.sections[0]}

En la década de 1930 se organizó la pediatría mexicana alrededor del Dr. Isidro Espinoza de los Reyes. Médicos como Cárdenas de la Vega, Torroella, Aguilar Pico y Federico Gómez impulsaron la idea de un hospital dedicado a la infancia, cuando sólo existía la Casa Cuna de Coyoacán.

## ${h.sections[1]}

En 1933 el presidente Abelardo Rodríguez ordenó construir el Hospital del Niño, con proyecto del arquitecto José Villagrán García. Gustavo Baz, Salvador Zubirán, Manuel Ávila Camacho y Lázaro Cárdenas influyeron en la obra, que se detuvo en 1935 y se reanudó en 1939.

## ${h.sections[2]}

El hospital se inauguró el 30 de abril de 1943, Día del Niño, en presencia de Abelardo Rodríguez, el Dr. Gustavo Baz, Miguel Alemán Valdés y el Dr. Federico Gómez Santos, su primer director. Fue el primero de los Institutos Nacionales de Salud:

${h.nationalInstitutesFounded.map((i) => `- ${i.name} (${i.year})`).join("\n")}

## ${h.sections[3]}

En 1957 un sismo afectó de manera importante el edificio. En 1959 se construyó la maternidad Mundet, que después ocupó el hospital con sus pacientes, en medio de un conflicto político y social; el personal mantuvo una permanencia voluntaria durante 36 años.

## ${h.sections[4]}

En 1994 se inauguró un nuevo edificio, que hoy alberga ${figure("Camas")} camas, ${figure("Consultorios")} consultorios y ${figure("Quirófanos")} quirófanos.

## ${h.sections[5]}

${h.achievements.map((a) => `- ${a.label}${a.year ? ` (${a.year})` : ""}`).join("\n")}`,
    },
    {
      path: "/voluntariado",
      title: "Voluntariado",
      summary: `El ${v.name}, fundado en ${v.founded}, acompaña a los pacientes y sus familias.`,
      body: `El ${v.name} nació en ${v.founded}, el mismo año que el hospital, y fue el primer voluntariado organizado de México. Su acta constitutiva se firmó el ${longDate(v.charterSigned)}.

Lo encabezó ${v.founders[0]!.name}, junto con ${v.founders[1]!.name}, entonces ${v.founders[1]!.role}, con la asesoría del ${v.adviser.name}, ${v.adviser.role}.

## Qué hacemos

Las voluntarias y los voluntarios acompañan a los pacientes durante su estancia, apoyan a las familias que vienen de otros estados y organizan las celebraciones que hacen más llevadera la hospitalización:

${list(v.celebrationsOrganised)}

## Cómo sumarse

Si desea donar su tiempo o su talento, comuníquese al conmutador del hospital, 55 5228 9917, o escriba a contacto@himfg.edu.mx. También puede apoyar con un donativo.`,
    },
    {
      path: "/patronato",
      title: "Patronato",
      summary: `${b.organisation}: quiénes lo integran y cómo apoya la atención, la investigación y la enseñanza.`,
      body: `La ${b.organisation} reúne a personas comprometidas con la salud de la infancia que apoyan al hospital en tres áreas: ${b.supports.join(", ").toLowerCase()}.

## Cómo apoya

${list(b.supportTypes.map(upperFirst))}

## Integrantes

| Nombre | Cargo |
| --- | --- |
${b.members.map((m) => `| ${m.name} | ${m.role} |`).join("\n")}`,
    },
    {
      path: "/avisos-de-privacidad",
      title: "Avisos de privacidad",
      summary: "Avisos de privacidad integrales del Hospital Infantil de México Federico Gómez y cómo ejercer sus derechos ARCO.",
      body: privacyBody(),
    },
    {
      path: "/dano-cero",
      title: facts.danoCero.title,
      summary: "Daño Cero: la estrategia de seguridad del paciente del Hospital Infantil de México Federico Gómez, con videos de capacitación.",
      body: `Daño Cero es la estrategia del hospital para que ningún paciente sufra un daño evitable durante su atención. Se apoya en las metas internacionales de seguridad del paciente: identificar correctamente a cada paciente, comunicarnos con claridad, usar los medicamentos con seguridad, operar en el sitio correcto, reducir las infecciones y prevenir caídas.

## Videos de capacitación

Estos videos explican, paso a paso, las prácticas que seguimos en el hospital. Se reproducen en Vimeo.

${facts.danoCero.videos.map((video, i) => `${i + 1}. [${video.title}](https://vimeo.com/${video.vimeoId})`).join("\n")}

Si observa una situación de riesgo, avise al personal del servicio o a Relaciones Públicas.`,
    },
    {
      path: "/cod-etica",
      title: "Código de ética y de conducta",
      summary:
        "Los principios y valores que guían la conducta de quienes trabajan, estudian e investigan en el Hospital Infantil de México Federico Gómez.",
      body: `Quienes trabajamos, estudiamos o investigamos en el hospital nos regimos por el Código de Ética de la Administración Pública Federal y por el Código de Conducta del instituto. Ambos se comprometen con la dignidad de cada paciente y de su familia.

## Principios

- **Legalidad:** actuamos conforme a la ley y a la normativa institucional.
- **Honradez:** nunca pedimos ni aceptamos dinero, regalos o favores por nuestro trabajo.
- **Imparcialidad:** tratamos a todas las personas sin distinción ni privilegios.
- **Respeto a los derechos humanos:** en especial, el interés superior de la niñez.
- **Confidencialidad:** protegemos la información de los pacientes y su expediente clínico.
- **Integridad y rendición de cuentas:** respondemos por nuestras decisiones.

## Reglas de conducta

- Dar un trato digno, amable y sin discriminación a pacientes, familias y compañeros.
- No compartir imágenes, videos ni documentos de pacientes por ningún medio.
- No hablar a nombre del hospital ante medios de comunicación sin autorización.
- Cuidar los recursos públicos y usarlos sólo para los fines del instituto.
- Denunciar cualquier conducta contraria a estos códigos.

## Denuncias

Si presencia una conducta contraria a estos códigos, preséntela ante el Comité de Ética del hospital o escriba a contacto@himfg.edu.mx. Las denuncias se atienden con confidencialidad.`,
    },
    {
      path: "/general",
      title: "Dirección General",
      summary: `Dirección General del Hospital Infantil de México Federico Gómez: ${g.director.name}, el Proyecto Estratégico Institucional ${g.strategicProject.period} y documentos de planeación.`,
      body: `## Dr. ${g.director.name}

${g.director.title} desde el ${longDate(g.director.appointed)}, designado por la ${g.director.appointedBy}. Ha colaborado en el hospital durante ${figure("Años de colaboración del Director General en el HIMFG")} años.

${g.careerFacts.map((f) => `- ${f.year ? `**${f.year}.** ` : ""}${upperFirst(f.fact)}.`).join("\n")}

## ${g.strategicProject.name} ${g.strategicProject.period}

El proyecto tiene cuatro ejes:

${g.strategicProject.goals.map((goal, i) => `${i + 1}. ${upperFirst(goal)}.`).join("\n")}

## Áreas de la Dirección General

${g.staff.map((s) => `- [${s.unit}](${s.href}): ${s.name}`).join("\n")}`,
    },
    {
      path: "/sesion-clinico-patologica",
      title: "Sesión clínico patológica",
      section: "scp",
      summary:
        "La sesión clínico patológica del Hospital Infantil de México: un caso clínico discutido por clínicos y patólogos. Registro, resumen del caso y, cuando se publica, su video.",
      body: `En la sesión clínico patológica, un médico clínico analiza un caso real sin conocer el diagnóstico final y, al término, el servicio de Patología presenta los hallazgos que lo confirman o lo corrigen. Es una de las actividades académicas más antiguas del hospital y está abierta a profesionales de la salud y estudiantes.

## Cómo participar

1. Regístrese en el [${scp.registrationForm.label.toLowerCase().replace("formulario", "Formulario")}](${scp.registrationForm.url}). La fecha límite de cada sesión aparece en el formulario.
2. Lea el [${scp.caseSummaryPdf.label.toLowerCase()} (PDF)](${scp.caseSummaryPdf.url}).
3. Con la contraseña que recibe al registrarse, siga la transmisión en vivo y participe en el chat.

Cuando hay grabación, se publica en [la página del video de la sesión 2024](/video/scp-2024).`,
    },
    {
      path: "/video/scp-2024",
      title: "Video de la sesión clínico patológica 2024",
      navLabel: "Video 2024",
      section: "scp",
      parent: { label: "Sesión clínico patológica", href: "/sesion-clinico-patologica" },
      summary:
        "La sesión clínico patológica 2024 del Hospital Infantil de México Federico Gómez: el caso, la discusión clínica y los hallazgos de patología.",
      // Says nothing about the video itself: whether there is one is the site setting's to say
      // (SessionVideoSection), so the text cannot promise a recording that is not there.
      body: `La sesión clínico patológica 2024 presentó un caso real, su discusión clínica y los hallazgos de patología que lo confirmaron o lo corrigieron.`,
    },
  ];
}

const profileRoutes: { path: string; title: string; navLabel: string; profileKey: string; intro: string; direction: string }[] = [
  {
    path: "/medica",
    title: "El hospital en cifras: atención médica",
    navLabel: "Atención médica",
    profileKey: "direccion-medica",
    direction: "medica",
    intro: "Lo que hace posible la atención de alta especialidad que brindamos cada día.",
  },
  {
    path: "/ensenanza",
    title: "El hospital en cifras: enseñanza",
    navLabel: "Enseñanza",
    profileKey: "direccion-medica",
    direction: "ensenanza",
    intro: "Nuestros residentes se forman en un hospital con esta capacidad de atención.",
  },
  {
    path: "/investigacion",
    title: "El hospital en cifras: investigación",
    navLabel: "Investigación",
    profileKey: "administracion-investigacion",
    direction: "investigacion",
    intro: "La investigación del instituto nace de la atención que brindamos.",
  },
  {
    path: "/administracion",
    title: "El hospital en cifras: administración",
    navLabel: "Administración",
    profileKey: "administracion",
    direction: "administracion",
    intro: "Los recursos que administramos sostienen esta capacidad de atención.",
  },
  {
    path: "/planeacion",
    title: "El hospital en cifras: planeación",
    navLabel: "Planeación",
    profileKey: "direccion-medica",
    direction: "planeacion",
    intro: "Los indicadores con los que planeamos el crecimiento del hospital.",
  },
];

function figuresText(): { banner: string; first: string; second: string } {
  const equipment = facts.hospitalFigures.find((f) => f.label === "Otro equipo de alta tecnología")!.value as string[];
  return {
    banner: `Más de ${figure("Trayectoria")} décadas de atención pediátrica de alta especialidad, con ${figure("Médicos")} médicos y ${figure("Enfermeras")} enfermeras.`,
    first: `## Capacidad de atención

| Recurso | Cantidad |
| --- | --- |
| Médicos | ${figure("Médicos")} |
| Enfermeras y enfermeros | ${figure("Enfermeras")} |
| Trabajadoras sociales | ${figure("Trabajadoras sociales")} |
| Personal de relaciones públicas | ${figure("Trabajadores de relaciones públicas")} |
| Camas | ${figure("Camas")} |
| Consultorios | ${figure("Consultorios")} |
| Quirófanos | ${figure("Quirófanos")} |

Contamos con tomógrafo, ${equipment.join(", ")} y microscopio electrónico de transmisión de ${figure("Microscopio electrónico de transmisión")} kV.`,
    second: `## Un año en el hospital

- Más de ${number(figure("Consultas otorgadas"))} consultas.
- ${number(figure("Atenciones en urgencias"))} atenciones en urgencias.
- Más de ${number(figure("Procedimientos quirúrgicos de alta especialidad"))} procedimientos quirúrgicos de alta especialidad y más de ${number(figure("Anestesias"))} anestesias.
- ${number(figure("Estudios de laboratorio y gabinete"))} estudios de laboratorio y gabinete.
- Alrededor de ${number(figure("Egresos de hospitalización"))} egresos de hospitalización: 1 de cada 3 con un padecimiento oncológico y 1 de cada 5 con malformaciones congénitas.

La mortalidad es de ${figure("Mortalidad")} por cada 100 egresos. La sobrevida por leucemia pasó de ${figure("Tasa de sobrevida por leucemia en 2012")} % en 2012 a ${figure("Tasa de sobrevida por leucemia")} %, y ${figure("Percepción de satisfacción en calidad de atención")} % de las familias percibe como satisfactoria la calidad de la atención.`,
  };
}

const profiles: { key: string; title: string; headline: string; palette: ArtPalette; subline: string }[] = [
  {
    key: "direccion-medica",
    title: "Dirección Médica",
    headline: "Atención pediátrica de alta especialidad",
    palette: "guinda",
    subline: "Hospital Infantil de México Federico Gómez",
  },
  {
    key: "administracion",
    title: "Dirección de Administración",
    headline: "Recursos al servicio de la niñez",
    palette: "dorado",
    subline: "Dirección de Administración",
  },
  // The seed's third record: the administration text with the research banner.
  {
    key: "administracion-investigacion",
    title: "Dirección de Investigación",
    headline: "Investigación para la salud de la infancia",
    palette: "azul",
    subline: "Dirección de Investigación",
  },
];

async function svgFile(trx: Kysely<DB>, fileName: string, svg: string): Promise<string> {
  return storeFile(trx, { fileName, contentType: "image/svg+xml", data: Buffer.from(svg, "utf8") }, "public");
}

export async function seedProfilePages(trx: Kysely<DB>) {
  const text = figuresText();
  for (const profile of profiles) {
    const exists = await trx.selectFrom("profile_pages").select("id").where("key", "=", profile.key).executeTakeFirst();
    if (exists) continue;
    const banner = await svgFile(
      trx,
      `perfil-${profile.key}-banner.svg`,
      drawProfileBanner({ headline: profile.headline, subline: profile.subline, palette: profile.palette }),
    );
    const responsive = await svgFile(
      trx,
      `perfil-${profile.key}-banner-movil.svg`,
      drawProfileBanner({ headline: profile.headline, subline: profile.subline, palette: profile.palette, narrow: true }),
    );
    const first = await svgFile(
      trx,
      `perfil-${profile.key}-1.svg`,
      drawContentImage({
        eyebrow: "En cifras",
        title: `${figure("Camas")} camas y ${figure("Quirófanos")} quirófanos`,
        palette: profile.palette,
        motif: "cruz",
      }),
    );
    const second = await svgFile(
      trx,
      `perfil-${profile.key}-2.svg`,
      drawContentImage({
        eyebrow: "Cada año",
        title: `Más de ${number(figure("Consultas otorgadas"))} consultas`,
        palette: profile.palette === "guinda" ? "verde" : "guinda",
        motif: "circulos",
      }),
    );
    await trx
      .insertInto("profile_pages")
      .values({
        key: profile.key,
        page_title: profile.title,
        banner_image_file_id: banner,
        banner_image_responsive_file_id: responsive,
        banner_image_alt: `${profile.headline}. ${profile.subline}.`,
        banner_content: text.banner,
        first_content: text.first,
        second_content: text.second,
        first_image_file_id: first,
        first_image_alt: `Ilustración con la cifra: ${figure("Camas")} camas y ${figure("Quirófanos")} quirófanos.`,
        second_image_file_id: second,
        second_image_alt: `Ilustración con la cifra: más de ${number(figure("Consultas otorgadas"))} consultas al año.`,
      })
      .execute();
  }
}

export async function seedInformationPages(trx: Kysely<DB>) {
  const profileIds = new Map((await trx.selectFrom("profile_pages").select(["id", "key"]).execute()).map((p) => [p.key, p.id]));
  const pages: PageSeed[] = [
    ...otherPages(),
    ...residencyPages(),
    ...enrolmentPages(),
    ...profileRoutes.map((p) => ({
      path: p.path,
      title: p.title,
      navLabel: p.navLabel,
      section: "cifras",
      profileKey: p.profileKey,
      parent: {
        label:
          p.navLabel === "Atención médica"
            ? "Dirección Médica"
            : `Dirección de ${p.navLabel === "Enseñanza" ? "Enseñanza y Desarrollo Académico" : p.navLabel}`,
        href: `/direccion/${p.direction}`,
      },
      summary: `Cifras del Hospital Infantil de México Federico Gómez: personal, camas, quirófanos, consultas y resultados. ${p.intro}`,
      body: `${p.intro} Conozca también la [${p.navLabel === "Atención médica" ? "Dirección Médica" : `Dirección de ${p.navLabel === "Enseñanza" ? "Enseñanza y Desarrollo Académico" : p.navLabel}`}](/direccion/${p.direction}).`,
    })),
  ];
  for (const [index, page] of pages.entries()) {
    const exists = await trx.selectFrom("content_pages").select("id").where("path", "=", page.path).executeTakeFirst();
    if (exists) continue;
    await trx
      .insertInto("content_pages")
      .values({
        path: page.path,
        title: page.title,
        nav_label: page.navLabel ?? null,
        summary: page.summary,
        body: page.body,
        section: page.section ?? null,
        position: index,
        parent_label: page.parent?.label ?? null,
        parent_href: page.parent?.href ?? null,
        profile_page_id: page.profileKey ? (profileIds.get(page.profileKey) ?? null) : null,
      })
      .execute();
  }
}
