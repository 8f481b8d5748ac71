/**
 * Titled passages of films and of the people who made them, one a film and one its
 * director, for the multi-hop tests: each film's passage names its director, each
 * director's passage names the towns they grew up and taught in. They share the
 * question's words ("film", "directed", "grew up") with the passages a test is about.
 */
const FILMS = [
  'Quiet Harbour',
  'Iron Bridge',
  'Paper Kite',
  'Salt Road',
  'Copper Bell',
  'Winter Garden',
  'Long Field',
  'Glass Tower',
  'Silver Moor',
  'Red Orchard',
  'Stone Mill',
  'Blue Ferry',
];
const PEOPLE = [
  'Peter Lomax',
  'Edith Marr',
  'Agnes Pell',
  'Thomas Greer',
  'Bernard Shaw',
  'Miriam Toll',
  'Harold Venn',
  'Clara Dunn',
  'Oscar Fenn',
  'Ruth Baines',
  'Walter Crane',
  'Mabel Hart',
];
const TOWNS = [
  'Cardiff',
  'Leeds',
  'Glasgow',
  'Dublin',
  'Bristol',
  'York',
  'Norwich',
  'Exeter',
  'Bath',
  'Derby',
  'Hull',
  'Chester',
];

/** 24 passages, a title line over each, in the order film, its director, next film... */
export const FILM_PASSAGES: readonly string[] = FILMS.flatMap((film, at) => [
  `The ${film}\nThe ${film} is a ${1950 + at} drama film set near ${TOWNS[at]}, directed by ${PEOPLE[at]}. It was shot in the winter of ${1949 + at} with a small cast.`,
  `${PEOPLE[at]}\n${PEOPLE[at]} was a British director who grew up in ${TOWNS[(at + 3) % 12]}. ${PEOPLE[at]} made ${at + 4} films and taught at a school in ${TOWNS[(at + 5) % 12]}.`,
]);
