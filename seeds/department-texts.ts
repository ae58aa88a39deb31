/**
 * What each area does, in a sentence and a short list, written for the demo content of
 * /direccion/{slug}. The seed composes the page texts from these (seeds/department-pages.ts).
 */
export interface AreaText {
  focus: string;
  services: string[];
}

export const areaTexts: Record<string, AreaText> = {
  // Dirección General
  "departamento-de-gestion": {
    focus:
      "Da seguimiento a los acuerdos de la Dirección General, coordina la agenda institucional y canaliza las solicitudes que llegan de otras dependencias del sector salud.",
    services: [
      "Control de gestión de la correspondencia oficial",
      "Seguimiento de acuerdos de la Junta de Gobierno",
      "Enlace con la Comisión Coordinadora de Institutos Nacionales de Salud",
    ],
  },
  "asuntos-juridicos": {
    focus:
      "Brinda asesoría legal a las áreas del hospital y representa al instituto en los asuntos contenciosos, laborales y administrativos en los que es parte.",
    services: [
      "Revisión de contratos y convenios",
      "Atención de requerimientos de autoridades",
      "Asesoría en materia de protección de datos personales",
    ],
  },
  "servicio-de-calidad": {
    focus:
      "Impulsa la mejora continua y la seguridad del paciente mediante indicadores, auditorías clínicas y la estrategia institucional de Daño Cero.",
    services: [
      "Indicadores de calidad y seguridad del paciente",
      "Encuesta de satisfacción de usuarios",
      "Atención del buzón de quejas, sugerencias y felicitaciones",
    ],
  },
  // Dirección Médica
  "subdireccion-de-pediatria-ambulatoria": {
    focus:
      "Coordina la atención que no requiere hospitalización: la consulta de especialidad, la rehabilitación y el seguimiento del desarrollo de niñas, niños y adolescentes.",
    services: [
      "Consulta externa de especialidades",
      "Programas de seguimiento del neurodesarrollo",
      "Coordinación con los centros de salud que refieren pacientes",
    ],
  },
  "genetica-y-genomica": {
    focus:
      "Diagnostica y da asesoramiento a familias de pacientes con enfermedades genéticas, malformaciones congénitas y síndromes de origen cromosómico.",
    services: ["Consulta de genética clínica", "Asesoramiento genético a las familias", "Estudios citogenéticos y moleculares"],
  },
  "psiquiatria-y-medicina-del-adolescente": {
    focus:
      "Atiende la salud mental de niñas, niños y adolescentes, y acompaña a los jóvenes con enfermedades crónicas en su transición a la vida adulta.",
    services: ["Consulta de psiquiatría infantil y de la adolescencia", "Psicología clínica y psicoterapia", "Clínica de medicina del adolescente"],
  },
  "departamento-de-rehabilitacion": {
    focus: "Ayuda a recuperar o desarrollar la función física de pacientes con secuelas neurológicas, ortopédicas, oncológicas o posquirúrgicas.",
    services: ["Terapia física y ocupacional", "Estimulación temprana", "Valoración y prescripción de órtesis"],
  },
  "departamento-de-audiologia-y-foniatria": {
    focus: "Estudia la audición, la voz y el lenguaje, y atiende a pacientes con hipoacusia, trastornos de la comunicación y de la deglución.",
    services: ["Tamiz auditivo y estudios audiológicos", "Terapia de lenguaje", "Seguimiento de pacientes con implante coclear"],
  },
  "subdireccion-de-asistenca-medica": {
    focus: "Coordina los servicios médicos de hospitalización, urgencias y terapia intensiva, donde se atiende a los pacientes de mayor complejidad.",
    services: [
      "Hospitalización de especialidades médicas",
      "Coordinación de urgencias y terapias intensivas",
      "Comités de calidad de la atención médica",
    ],
  },
  "departamento-de-urgencias": {
    focus: "Recibe a pacientes pediátricos en situación de urgencia las 24 horas y los estabiliza antes de su hospitalización o egreso.",
    services: ["Triage pediátrico", "Sala de choque y reanimación", "Observación y corta estancia"],
  },
  "departamento-de-infectologia": {
    focus: "Diagnostica y trata infecciones complejas en niñas y niños, incluidos los pacientes inmunocomprometidos y con infecciones resistentes.",
    services: ["Consulta e interconsulta de infectología", "Programa de uso racional de antimicrobianos", "Clínica de VIH pediátrico"],
  },
  "departamento-de-terapia-intensiva": {
    focus: "Atiende a pacientes en estado crítico con monitoreo continuo y soporte avanzado de las funciones vitales.",
    services: ["Terapia intensiva pediátrica", "Ventilación mecánica y soporte hemodinámico", "Formación en medicina crítica pediátrica"],
  },
  "departamento-de-cardiologia": {
    focus: "Diagnostica y trata cardiopatías congénitas y adquiridas desde el nacimiento hasta la adolescencia.",
    services: ["Ecocardiografía pediátrica", "Cateterismo diagnóstico e intervencionista", "Clínica de arritmias"],
  },
  "departamento-de-nefrologia": {
    focus: "Atiende enfermedades del riñón y las vías urinarias, y prepara y da seguimiento a pacientes que reciben un trasplante renal.",
    services: ["Consulta de nefrología pediátrica", "Hemodiálisis y diálisis peritoneal", "Seguimiento del trasplante renal"],
  },
  "departamento-de-neonatologia": {
    focus: "Cuida a recién nacidos con malformaciones, cirugías tempranas o enfermedades graves que requieren atención de alta especialidad.",
    services: ["Terapia intensiva neonatal", "Cuidados intermedios neonatales", "Seguimiento del recién nacido de alto riesgo"],
  },
  "departamento-de-hemato-oncologia": {
    focus:
      "Trata leucemias, linfomas, tumores sólidos y enfermedades de la sangre con protocolos que han elevado la sobrevida de nuestros pacientes.",
    services: ["Quimioterapia ambulatoria y hospitalaria", "Trasplante de células progenitoras hematopoyéticas", "Clínica de hemofilia"],
  },
  "gastroenterologia-y-nutricion": {
    focus: "Atiende enfermedades del aparato digestivo, el hígado y el estado de nutrición de niñas, niños y adolescentes.",
    services: ["Endoscopía digestiva pediátrica", "Clínica de enfermedad inflamatoria intestinal", "Soporte nutricio y nutrición parenteral"],
  },
  "departamento-de-neurologia": {
    focus: "Diagnostica y trata epilepsia, enfermedades neuromusculares y trastornos del neurodesarrollo.",
    services: ["Consulta de neurología pediátrica", "Electroencefalografía y videomonitoreo", "Clínica de epilepsia de difícil control"],
  },
  "departamento-de-medicina-interna": {
    focus: "Atiende a pacientes con enfermedades multisistémicas y concentra la consulta de reumatología pediátrica.",
    services: ["Hospitalización de medicina interna pediátrica", "Reumatología pediátrica", "Coordinación de pacientes con diagnóstico complejo"],
  },
  "departamento-de-endocrinologia": {
    focus: "Atiende trastornos del crecimiento, la pubertad, la tiroides y la diabetes en la infancia y la adolescencia.",
    services: ["Clínica de diabetes tipo 1", "Valoración del crecimiento y la pubertad", "Pruebas dinámicas hormonales"],
  },
  "departamento-de-epidemiologia-hospitalaria": {
    focus: "Vigila y previene las infecciones asociadas a la atención de la salud y coordina la respuesta ante brotes dentro del hospital.",
    services: [
      "Vigilancia epidemiológica hospitalaria",
      "Curso de higiene de manos y prevención de infecciones",
      "Programa institucional de vacunación",
    ],
  },
  "cuidados-paleativos-y-calidad-de-vida": {
    focus: "Acompaña a pacientes con enfermedades que limitan la vida y a sus familias, con control del dolor y atención integral.",
    services: ["Control del dolor y de síntomas", "Acompañamiento psicológico y espiritual", "Atención paliativa en casa"],
  },
  "subdireccion-de-asistencia-quirurgica": {
    focus: "Coordina las especialidades quirúrgicas, los quirófanos y la anestesia, con programas de cirugía de alta complejidad y trasplantes.",
    services: ["Programación quirúrgica de los 12 quirófanos", "Cirugía de mínima invasión", "Coordinación de trasplantes"],
  },
  "departamento-de-trasplantes": {
    focus: "Coordina los programas de trasplante renal, hepático, cardiaco y de otros órganos en niñas y niños.",
    services: ["Protocolo de estudio del receptor", "Trasplante de donador vivo y fallecido", "Seguimiento postrasplante"],
  },
  "departamento-de-ortopedia": {
    focus: "Trata deformidades congénitas, lesiones y enfermedades del sistema músculo-esquelético en crecimiento.",
    services: ["Cirugía de columna pediátrica", "Tratamiento del pie equino y la displasia de cadera", "Ortopedia oncológica"],
  },
  "departamento-de-neurocirugia": {
    focus: "Opera tumores del sistema nervioso, malformaciones, hidrocefalia y lesiones de la columna en pacientes pediátricos.",
    services: ["Neurocirugía oncológica", "Tratamiento de la hidrocefalia", "Cirugía de epilepsia"],
  },
  "departamento-de-urologia": {
    focus: "Atiende malformaciones y enfermedades del aparato urinario y genital, con técnicas de mínima invasión.",
    services: ["Urología reconstructiva", "Urodinamia pediátrica", "Cirugía laparoscópica urológica"],
  },
  "cirugia-cardiovascular-torax-y-endoscopia": {
    focus: "Corrige cardiopatías congénitas y atiende enfermedades del tórax y de la vía aérea, incluida la endoscopía respiratoria.",
    services: ["Cirugía cardiaca con circulación extracorpórea", "Cirugía de tórax", "Broncoscopía y endoscopía de la vía aérea"],
  },
  "anestesia-y-algologia": {
    focus: "Brinda anestesia segura en cirugías y procedimientos, y atiende el dolor agudo y crónico de nuestros pacientes.",
    services: ["Anestesia pediátrica y neonatal", "Clínica del dolor", "Sedación para estudios de imagen"],
  },
  "departamento-de-estomatologia": {
    focus: "Cuida la salud bucal de pacientes pediátricos, en especial de quienes viven con enfermedades sistémicas o discapacidad.",
    services: ["Odontopediatría", "Atención dental bajo anestesia general", "Prevención de caries en pacientes hospitalizados"],
  },
  "servicios-auxiliares-de-diagnostico": {
    focus: "Coordina los servicios de imagen y laboratorio que apoyan el diagnóstico y el seguimiento de cada paciente.",
    services: [
      "Más de un millón de estudios de laboratorio y gabinete al año",
      "Resonancia magnética, tomografía y gamacámara",
      "Control de calidad analítico",
    ],
  },
  "departamento-de-imagenologia": {
    focus: "Realiza estudios de imagen adaptados a la edad y el tamaño de cada paciente, con la menor exposición posible a radiación.",
    services: ["Resonancia magnética y tomografía", "Ultrasonido pediátrico", "Radiología intervencionista"],
  },
  "laboratorio-clinico": {
    focus: "Procesa los estudios de laboratorio de pacientes hospitalizados y de consulta externa con controles de calidad internos y externos.",
    services: ["Hematología y química clínica", "Microbiología", "Toma de muestras pediátricas"],
  },
  "subdireccion-atencion-integral-al-paciente": {
    focus: "Reúne a enfermería, trabajo social y relaciones públicas para acompañar al paciente y a su familia durante toda su estancia.",
    services: ["Orientación a familias", "Gestión de visitas y acompañamiento", "Atención de quejas y sugerencias"],
  },
  "departamento-de-enfermeria": {
    focus: "Agrupa a las enfermeras y los enfermeros que cuidan a los pacientes las 24 horas en todas las áreas del hospital.",
    services: ["Cuidado de enfermería especializado", "Clínicas de catéteres y heridas", "Educación para el cuidado en casa"],
  },
  "departamento-de-trabajo-social": {
    focus: "Valora la situación social de cada familia, orienta sobre trámites y apoyos y vincula con albergues y redes de ayuda.",
    services: ["Estudio socioeconómico", "Orientación para la referencia y contrarreferencia", "Vinculación con albergues y fundaciones"],
  },
  "departamento-de-relaciones-publicas": {
    focus: "Orienta a familias y visitantes, entrega pases de visita y atiende quejas, sugerencias y felicitaciones.",
    services: ["Pases de visita y carnet de acompañante", "Orientación para el alta hospitalaria", "Módulo de atención en la puerta 2"],
  },
  // Dirección de Enseñanza
  "subdireccion-de-ensenanza": {
    focus: "Coordina la formación de médicos residentes, internos, estudiantes de pregrado y la educación médica continua.",
    services: ["Residencias médicas con aval de la UNAM", "Rotaciones de médicos residentes externos", "Cursos de alta especialidad"],
  },
  "pre-y-posgrado": {
    focus: "Organiza el servicio social, las prácticas, las estancias, el internado de pregrado y las rotaciones de residentes de otras sedes.",
    services: ["Servicio social, prácticas, estancias y tesis", "Internado médico de pregrado", "Rotaciones de médicos residentes"],
  },
  "educacion-medica-continua": {
    focus: "Diseña y ofrece cursos, diplomados y congresos para profesionales de la salud, presenciales y en línea.",
    services: ["Oferta académica de educación médica continua", "Constancias de participación", "Sesiones académicas institucionales"],
  },
  "comunicacion-social-y-cemesatel": {
    focus: "Difunde la labor del hospital y transmite, a través de CEMESATEL, sesiones académicas y cursos a distancia.",
    services: ["Transmisión de sesiones y cursos en línea", "Producción audiovisual", "Comunicación institucional y redes sociales"],
  },
  // Dirección de Investigación
  "subdireccion-de-gestion-de-la-investigacion": {
    focus: "Acompaña a los investigadores en el registro, la evaluación y el financiamiento de sus protocolos.",
    services: ["Registro de protocolos ante los comités", "Gestión de fondos federales y externos", "Seguimiento de proyectos"],
  },
  "investigacion-epidemiologica": {
    focus: "Estudia la frecuencia y los determinantes de las enfermedades de la infancia en México para orientar decisiones de salud pública.",
    services: ["Estudios poblacionales y de cohortes", "Asesoría metodológica y estadística", "Registros de enfermedades pediátricas"],
  },
  "departamento-de-ediciones-medicas": {
    focus: "Edita el Boletín Médico del Hospital Infantil de México, publicado desde 1949, y apoya a los autores del instituto.",
    services: ["Edición del Boletín Médico", "Corrección de estilo y traducción", "Asesoría para publicar en revistas científicas"],
  },
  "investigacion-biomedica": {
    focus: "Agrupa las unidades y los laboratorios donde se hace investigación básica y clínica sobre las enfermedades de la infancia.",
    services: [
      "Unidades y laboratorios de investigación",
      "Formación de estudiantes de maestría y doctorado",
      "Colaboración con los servicios clínicos",
    ],
  },
  "servicio-de-investigacion-clinica-y-basica": {
    focus: "Da soporte técnico a los laboratorios y a los protocolos clínicos, desde el manejo de muestras hasta el equipo compartido.",
    services: ["Equipos de uso común", "Manejo y resguardo de muestras biológicas", "Capacitación técnica"],
  },
  "departamento-administrativo-de-control-y-gestion": {
    focus: "Administra los recursos de los proyectos de investigación y vigila que se ejerzan conforme a la normativa.",
    services: ["Control presupuestal de proyectos", "Comprobación ante las instancias financiadoras", "Adquisiciones para investigación"],
  },
  "departamento-auxiliar-de-proyectos-de-investigacion": {
    focus: "Apoya la operación administrativa diaria de los proyectos: compras, contratos de personal y trámites.",
    services: ["Trámites de compras de insumos", "Contratación de personal por proyecto", "Inventario de equipo de investigación"],
  },
  "departamento-de-infrmacion-estrategica-en-investigacion": {
    focus: "Reúne los indicadores de producción científica del instituto y prepara los informes para las instancias evaluadoras.",
    services: ["Indicadores de producción científica", "Informes institucionales de investigación", "Registro de investigadores en el SNI"],
  },
  // Dirección de Administración
  "subdireccion-recursos-humanos": {
    focus: "Administra el capital humano del hospital: ingreso, nómina, capacitación y relaciones laborales.",
    services: ["Reclutamiento y selección", "Nómina y prestaciones", "Capacitación del personal"],
  },
  "seleccion-capital-humano": {
    focus: "Recluta, selecciona y contrata al personal, y da seguimiento a su desarrollo dentro de la institución.",
    services: ["Publicación de vacantes", "Integración de expedientes de personal", "Evaluación del desempeño"],
  },
  "departamento-de-sueldos": {
    focus: "Calcula y paga la nómina del personal y aplica las deducciones y prestaciones que marca la ley.",
    services: ["Pago de nómina", "Constancias de percepciones", "Aplicación de prestaciones"],
  },
  "atencion-y-desarrollo-del-capital-humano": {
    focus: "Atiende los trámites del personal y organiza los programas de capacitación y bienestar laboral.",
    services: ["Programa anual de capacitación", "Trámites de licencias y permisos", "Bienestar y clima laboral"],
  },
  "subdireccion-recursos-materiales": {
    focus: "Planea y ejecuta las compras, el almacenamiento y el control de los bienes del hospital.",
    services: ["Programa anual de adquisiciones", "Licitaciones e invitaciones", "Control de inventarios"],
  },
  "compras-gubernamentales-generales": {
    focus: "Realiza los procedimientos de compra de bienes y servicios generales conforme a la ley de adquisiciones.",
    services: ["Licitaciones públicas", "Invitaciones a cuando menos tres personas", "Adjudicaciones directas"],
  },
  "compras-gubernamentales-farmaceuticas": {
    focus: "Adquiere medicamentos, material de curación e insumos médicos, en coordinación con las compras consolidadas del sector.",
    services: ["Compra de medicamentos", "Material de curación", "Seguimiento de entregas de proveedores"],
  },
  "departamento-almacenes": {
    focus: "Recibe, resguarda y distribuye los insumos que necesitan los servicios del hospital.",
    services: ["Recepción de bienes", "Surtido a los servicios", "Control de caducidades"],
  },
  "inventario-y-activo-fijo": {
    focus: "Registra y controla los bienes muebles e inmuebles del instituto y su baja cuando termina su vida útil.",
    services: ["Inventario de bienes muebles", "Resguardos del personal", "Baja y destino final de bienes"],
  },
  "subdireccion-de-mantenimiento": {
    focus: "Conserva en buen estado los edificios, las instalaciones y el equipo médico del hospital.",
    services: ["Mantenimiento preventivo y correctivo", "Obra pública", "Protección civil"],
  },
  "servicios-generales": {
    focus: "Coordina la limpieza, la vigilancia, el transporte y los demás servicios de apoyo que mantienen al hospital en operación.",
    services: ["Limpieza e higiene", "Vigilancia", "Transporte y mensajería"],
  },
  "departamento-de-mantenimiento": {
    focus: "Mantiene las instalaciones eléctricas, hidráulicas, de gases medicinales y de climatización.",
    services: ["Mantenimiento de instalaciones", "Atención de reportes de servicios", "Conservación de edificios"],
  },
  "ingenieria-biomedica": {
    focus: "Gestiona el equipo médico del hospital: su instalación, mantenimiento, calibración y capacitación de uso.",
    services: ["Mantenimiento de equipo médico", "Evaluación de tecnología", "Capacitación en el uso de equipos"],
  },
  "departamento-obra-publica": {
    focus: "Planea y supervisa las obras de construcción, remodelación y adecuación de los espacios del hospital.",
    services: ["Proyectos de obra", "Supervisión de contratos de obra", "Adecuación de áreas clínicas"],
  },
  "departamento-proteccion-civil": {
    focus: "Prepara al hospital para emergencias y desastres, con simulacros, brigadas y planes de evacuación.",
    services: ["Programa interno de protección civil", "Simulacros y brigadas", "Señalización y rutas de evacuación"],
  },
  "departamento-tesoreria": {
    focus: "Administra los recursos financieros del hospital, los pagos a proveedores y los ingresos propios.",
    services: ["Pago a proveedores", "Ingresos por servicios y donativos", "Conciliaciones bancarias"],
  },
  "departamento-contabilidad": {
    focus: "Registra las operaciones del hospital y elabora los estados financieros conforme a la Ley General de Contabilidad Gubernamental.",
    services: ["Estados financieros", "Información contable para transparencia", "Atención de auditorías"],
  },
  "departamento-presupuesto": {
    focus: "Programa, controla y da seguimiento al presupuesto autorizado al instituto.",
    services: ["Anteproyecto de presupuesto", "Adecuaciones presupuestarias", "Informes programático-presupuestales"],
  },
  "departamento-control-analisis-economico": {
    focus: "Determina las cuotas de recuperación de los servicios médicos y atiende los trámites económicos del alta hospitalaria.",
    services: ["Cuotas de recuperación", "Trámite económico del alta (Forma C-47)", "Módulo de Registro de Servicios Médicos"],
  },
  // Dirección de Planeación
  "seguimiento-programatico-y-diseno-organizacional": {
    focus: "Da seguimiento a los programas institucionales y mantiene actualizada la estructura y los manuales de organización.",
    services: ["Seguimiento de metas institucionales", "Manuales de organización y procedimientos", "Informes de autoevaluación"],
  },
  "desempeno-y-organizacion-institucional": {
    focus: "Mide el desempeño de las áreas con indicadores y apoya la elaboración de los informes de avance y resultados.",
    services: ["Indicadores de desempeño", "Matriz de indicadores para resultados", "Informes de avance"],
  },
  "tecnologias-de-la-informacion-y-comunicaciones": {
    focus: "Opera la infraestructura de cómputo, redes y sistemas del hospital, incluido el expediente clínico electrónico.",
    services: ["Soporte técnico", "Sistemas de información hospitalaria", "Seguridad de la información"],
  },
  "bioestadistica-y-archivo-clinico": {
    focus: "Resguarda el expediente clínico y genera la estadística hospitalaria que el instituto publica en sus anuarios.",
    services: ["Archivo clínico", "Estadística de morbilidad y mortalidad", "Anuarios estadísticos"],
  },
  // Especialidades con página propia (enlazadas desde /especialidades)
  "alergia-e-inmunologia-clinica": {
    focus: "Diagnostica y trata alergias respiratorias, alimentarias y a medicamentos, y las inmunodeficiencias primarias.",
    services: ["Pruebas cutáneas de alergia", "Inmunoterapia", "Clínica de inmunodeficiencias"],
  },
  "departamento-de-dermatologia": {
    focus: "Atiende enfermedades de la piel, el pelo y las uñas propias de la infancia, desde las más frecuentes hasta las genodermatosis.",
    services: ["Consulta de dermatología pediátrica", "Cirugía dermatológica", "Clínica de dermatitis atópica"],
  },
  "departamento-de-hematologia": {
    focus: "Estudia y trata anemias, trastornos de la coagulación y otras enfermedades de la sangre no malignas.",
    services: ["Clínica de hemofilia", "Estudio de anemias", "Banco de sangre y medicina transfusional"],
  },
  "departamento-de-neumologia": {
    focus: "Atiende asma, fibrosis quística y otras enfermedades respiratorias crónicas de la infancia.",
    services: ["Pruebas de función pulmonar", "Clínica de asma", "Clínica de fibrosis quística"],
  },
  clindi: {
    focus: "Reúne a varias especialidades para atender de forma integral a niñas y niños con discapacidad y necesidades de atención complejas.",
    services: ["Valoración multidisciplinaria", "Plan de atención individual", "Orientación a las familias"],
  },
  "clinica-colorrectal": {
    focus: "Atiende malformaciones anorrectales, enfermedad de Hirschsprung y problemas de continencia en niñas y niños.",
    services: ["Cirugía anorrectal reconstructiva", "Programa de manejo intestinal", "Seguimiento a largo plazo"],
  },
  "cirugia-cardiovascular": {
    focus: "Corrige quirúrgicamente las cardiopatías congénitas, desde el periodo neonatal, con circulación extracorpórea.",
    services: ["Cirugía cardiaca neonatal", "Cirugía de cardiopatías complejas", "Terapia posquirúrgica cardiovascular"],
  },
  "cirugia-general": {
    focus: "Resuelve padecimientos quirúrgicos abdominales, de cuello y de pared, muchos de ellos con cirugía de mínima invasión.",
    services: ["Cirugía laparoscópica pediátrica", "Cirugía neonatal", "Cirugía oncológica abdominal"],
  },
  "cirugia-plastica": {
    focus: "Reconstruye malformaciones congénitas como el labio y paladar hendido y atiende secuelas de quemaduras.",
    services: ["Labio y paladar hendido", "Reconstrucción de quemaduras", "Malformaciones vasculares"],
  },
  "departamento-de-ortodoncia": {
    focus: "Corrige la posición de dientes y maxilares y participa en el tratamiento de pacientes con labio y paladar hendido.",
    services: ["Ortodoncia interceptiva", "Ortopedia maxilar", "Atención a pacientes con fisuras"],
  },
  "cirugia-maxilofacial": {
    focus: "Trata deformidades, traumatismos y tumores de la cara y los maxilares en pacientes pediátricos.",
    services: ["Cirugía ortognática", "Traumatología facial", "Tumores de los maxilares"],
  },
  oftalmologia: {
    focus: "Cuida la salud visual de niñas y niños, desde la retinopatía del prematuro hasta el estrabismo y las cataratas congénitas.",
    services: ["Tamiz de retinopatía del prematuro", "Cirugía de estrabismo", "Cirugía de catarata congénita"],
  },
  otorrinolaringologia: {
    focus: "Atiende enfermedades de oído, nariz y garganta, y participa en el programa de implantes cocleares.",
    services: ["Cirugía de oído y vía aérea", "Implante coclear", "Endoscopía nasal"],
  },
  "pediatria-del-desarrollo": {
    focus: "Da seguimiento al crecimiento y al neurodesarrollo de niñas y niños con riesgo, para intervenir a tiempo.",
    services: ["Evaluación del neurodesarrollo", "Programa Nacional de Neurodesarrollo", "Orientación a padres"],
  },
};
