/* The function the contestant implements in C. */
long long add(long long a, long long b);
