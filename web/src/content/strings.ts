/** Every Italian word a visitor sees lives under `content/`. */
export const strings = {
  placeholder: 'Il generatore di indirizzi arriva a breve.',
};
